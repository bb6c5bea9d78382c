import numpy as np
import torch
import torch.nn as nn
torch.manual_seed(0)
np.random.seed(0)
double = True
torch.set_default_dtype(torch.float64 if double else torch.float32)
model = nn.Linear(4, 2)
x = torch.from_numpy(np.random.randn(3, 4))
print(model(x).dtype)
