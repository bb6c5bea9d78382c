import torch
import torch.nn as nn
torch.manual_seed(0)
device = torch.device("cpu")
model = nn.Linear(3, 1).to(device)
data = [([1.0, 2.0, 3.0], 0.5), ([0.0, 1.0, 0.0], 1.0)]
for x, y in data:
    out = model(torch.tensor(x))
    loss = (out - y) ** 2
    print(loss.item())
