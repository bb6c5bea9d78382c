import torch
from base import Base

class Block(Base):
    def bias(self) -> torch.Tensor:
        return torch.ones(2)

    @torch.jit.script_method
    def forward(self, x):
        return self.fc(x) + self.bias()

torch.manual_seed(0)
print(Block()(torch.ones(2)).shape)
