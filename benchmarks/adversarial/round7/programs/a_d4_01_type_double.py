import torch
import torch.nn as nn
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(2, 2)
        self.scale = torch.tensor([0.1, 0.2])
    def forward(self, x):
        return self.fc(x) * self.scale
net = Net()
type(net).double(net)
print(net.scale.dtype, net(torch.ones(1, 2, dtype=torch.float64)).dtype)
