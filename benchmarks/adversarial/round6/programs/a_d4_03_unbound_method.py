# EMU
import torch, torch.nn as nn
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(2, 2)
        self.scale = torch.ones(2)
    def forward(self, x):
        return self.lin(x) * self.scale
net = Net()
nn.Module.double(net)
print(net.scale.dtype)
