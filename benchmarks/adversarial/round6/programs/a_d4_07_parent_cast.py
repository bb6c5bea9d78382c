# EMU
import torch, torch.nn as nn
class Scaler(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(2, 2)
        self.scale = torch.ones(2)
    def forward(self, x):
        return self.lin(x) * self.scale
class Outer(nn.Module):
    def __init__(self):
        super().__init__()
        self.inner = Scaler()
outer = Outer()
layers = [outer]
layers[0].double()
print(outer.inner.scale.dtype, outer.inner(torch.ones(1, 2, dtype=torch.float64)).dtype)
