# EMU
import torch, torch.nn as nn
class Scaler(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(2, 2)
        self.scale = torch.ones(2)
    def forward(self, x):
        return self.lin(x) * self.scale
s = Scaler()
stack = nn.Sequential(s, nn.ReLU())
dtypes = {"fp64": torch.float64}
stack.to(dtypes["fp64"])
print(s.scale.dtype)
