import torch
import torch.nn as nn
torch.manual_seed(0)
dt = torch.float64
resume = True
sd = {"weight": torch.full((1, 3), 0.1, dtype=torch.float64), "bias": torch.zeros(1, dtype=torch.float64)}
model = nn.Linear(3, 1)
if resume:
    model.load_state_dict(sd)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
else:
    opt = torch.optim.SGD(model.parameters(), lr=0.2)
model = model.to(dt)
print(model.weight.tolist())
