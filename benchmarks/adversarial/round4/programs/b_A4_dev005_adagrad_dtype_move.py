import torch
import torch.nn as nn
torch.manual_seed(0)
dt = torch.float64
model = nn.Linear(3, 1)
opt = torch.optim.Adagrad(model.parameters(), lr=0.1)
model.to(dt)
x = torch.randn(4, 3, dtype=dt)
for _ in range(3):
    opt.zero_grad(); model(x).pow(2).sum().backward(); opt.step()
print(model.weight.tolist(), opt.state[model.weight]["sum"].dtype)
