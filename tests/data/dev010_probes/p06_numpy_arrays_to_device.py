# source: dvgodoy/PyTorchStepByStep data_preparation/v0.py (arrays converted, then sent to the device)
# verdict: hit, twice: `.float()` makes a float32 host copy, which is then copied to the device. Made
# with dtype= and device= the float32 values are what is copied (converted on the host, as before).
import numpy as np
import torch

device = "cuda" if torch.cuda.is_available() else "cpu"

x_train = np.random.rand(80, 1)
y_train = 1 + 2 * x_train

x_tensor = torch.as_tensor(x_train).float().to(device)  # expect DEV010
y_tensor = torch.from_numpy(y_train).float().to(device)  # expect DEV010 (known miss)
