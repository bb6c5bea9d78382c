import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)
dtype = torch.float64
model = nn.Linear(4, 3).to(dtype)
x = torch.randn(5, 4, dtype=dtype)
y = torch.randint(0, 3, (5,))
loss = F.cross_entropy(model(x), y)
print(loss.item(), y.dtype)
