# EMU
import torch, torch.nn as nn
class Scale(nn.Module):
    def __init__(self):
        super().__init__()
        self.s = torch.full((2,), 0.5)
    def forward(self, x):
        return x * self.s
class Wrap(nn.Module):
    def __init__(self):
        super().__init__()
        self.inner = Scale()
w = Wrap()
to_half = nn.Module.half
to_half(w)
print(w.inner.s.dtype)
