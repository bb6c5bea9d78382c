import torch
import torch.nn as nn

class Inner(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(2, 2)

    def bias(self) -> torch.Tensor:
        return torch.ones(2)

    def forward(self, x):
        return self.fc(x) + self.bias()

jit = torch.jit
compile_ = jit.script
torch.manual_seed(0)
m = compile_(Inner())
print(m(torch.ones(2)).shape)
