import torch
import torch.nn as nn
class Scale(nn.Module):
    def __init__(self):
        super().__init__()
        self.s = torch.full((2,), 0.3)
    def forward(self, x):
        return x * self.s
net = nn.Sequential(nn.Linear(2, 2), Scale())
list(net.children())[1].double()
print(net[1].s.dtype)
