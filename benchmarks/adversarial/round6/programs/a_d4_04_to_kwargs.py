# EMU
import torch, torch.nn as nn
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(2, 2)
        self.scale = torch.ones(2)
    def forward(self, x):
        return self.lin(x) * self.scale
cfg = {"dtype": torch.float64}
net = Net()
net.to(**cfg)
print(net.scale.dtype)
