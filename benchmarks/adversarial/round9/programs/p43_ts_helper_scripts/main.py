import torch
import torch.nn as nn
from export import build

class Inner(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(2, 2)

    def bias(self) -> torch.Tensor:
        return torch.ones(2)

    def forward(self, x):
        return self.fc(x) + self.bias()

torch.manual_seed(0)
print(build(Inner())(torch.ones(2)).shape)
