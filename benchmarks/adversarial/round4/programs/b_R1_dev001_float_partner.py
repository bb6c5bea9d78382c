import torch
import torch.nn as nn
torch.manual_seed(0)
device = torch.device("cpu")
model = nn.Linear(3, 1).to(device)
xs = torch.randn(4, 3)
ys = [0.5, 1.0, 2.0, 0.1]
for x, y in zip(xs, ys):
    loss = ((model(x) - y) ** 2).sum()
    print(loss.item())
