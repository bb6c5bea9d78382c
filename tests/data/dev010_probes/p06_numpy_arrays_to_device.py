# source: dvgodoy/PyTorchStepByStep data_preparation/v0.py (arrays converted, then sent to the device)
# verdict: `torch.as_tensor(a).float().to(d)` is a hit (the rule's own shape: a factory of data, moved);
# `torch.from_numpy(a).float().to(d)` is the batch's boundary: the field's labellers leave that very
# line unlabelled (dev: ppopytorch-ppo:50, shirish-pinn:76, gaitrecognition-test:137), a look-alike line.
# Fixed, the float64 array crosses and is converted on the device: the same float32 values.
import numpy as np
import torch

device = "cuda" if torch.cuda.is_available() else "cpu"

x_train = np.random.rand(80, 1)
y_train = 1 + 2 * x_train

x_tensor = torch.as_tensor(x_train).float().to(device)  # expect DEV010
y_tensor = torch.from_numpy(y_train).float().to(device)
