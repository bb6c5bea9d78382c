import torch
import torch.nn as nn
class Scale(nn.Module):
    def __init__(self):
        super().__init__()
        self.s = torch.full((2,), 0.3)
    def forward(self, x):
        return x * self.s
model = nn.Sequential(Scale(), nn.Linear(2, 2))
first = next(iter(model))
first.half()
print(model[0].s.dtype)
