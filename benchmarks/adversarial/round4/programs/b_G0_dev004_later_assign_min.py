import torch
import torch.nn as nn
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(3, 3)
        self.mask = torch.ones(3)
    def forward(self, x):
        return self.fc(x) * self.mask
net = Net()
net.mask = 0.5
print(net.mask)
