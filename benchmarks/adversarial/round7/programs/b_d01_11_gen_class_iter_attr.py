import torch
import torch.nn as nn
torch.manual_seed(0)
device = torch.device("cpu")
model = nn.Linear(3, 1).to(device)
class DS:
    def __init__(self):
        self.scale = 0.5
    def __iter__(self):
        for i in range(3):
            yield torch.randn(3), self.scale * i
for x, y in DS():
    out = model(x)
    print(round((out - y).sum().item(), 4), type(y).__name__)
