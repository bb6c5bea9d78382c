import torch
import torch.nn as nn
from torch.autograd import Variable
torch.manual_seed(0)
def factory():
    class Inner(nn.Module):
        def __init__(self):
            super().__init__()
            self.w = torch.ones(2)
            self.fc = nn.Linear(2, 2)
        def forward(self, x):
            return self.fc(x) + self.w
    return Inner
Inner = factory()
m = Inner()
globals()["m"].half()
print(m.w.dtype)
