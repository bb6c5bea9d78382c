import torch
import torch.nn as nn
torch.manual_seed(0)
dtype = torch.float64
model = nn.Linear(4, 1).to(dtype)
x = torch.randn(5, 4, dtype=dtype)
y = torch.randn(5, 1)
loss = ((model(x) - y) ** 2).mean()
print(loss.item(), y.dtype, (y * 0.1).sum().item())
