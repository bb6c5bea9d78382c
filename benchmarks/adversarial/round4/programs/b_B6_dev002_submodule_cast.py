import copy
import numpy as np
import torch
import torch.nn as nn
np.random.seed(0)
torch.manual_seed(0)
USE = True
def prep(m):
    m.double()
model = nn.Sequential(nn.Linear(3, 1))
model[0].double()
x = torch.from_numpy(np.random.randn(4, 3))
print(model(x).sum().item())
