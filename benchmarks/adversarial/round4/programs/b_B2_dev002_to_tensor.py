import numpy as np
import torch
import torch.nn as nn
np.random.seed(0)
torch.manual_seed(0)
ref = torch.zeros(1, dtype=torch.float64)
model = nn.Linear(3, 1).to(ref)
x = torch.from_numpy(np.random.randn(4, 3))
print(model(x).sum().item())
