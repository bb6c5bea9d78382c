import torch
import torch.nn as nn

SM = torch.jit.ScriptModule

class Block(SM):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(2, 2)

    def bias(self) -> torch.Tensor:
        return torch.ones(2)

    @torch.jit.script_method
    def forward(self, x):
        return self.fc(x) + self.bias()

torch.manual_seed(0)
print(Block()(torch.ones(2)).shape)
