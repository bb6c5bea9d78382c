import torch
import torch.nn as nn
torch.manual_seed(0)
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(2, 2)
        self.k = torch.ones(2)
    def forward(self, x):
        return self.fc(x) * self.k
net = Net()
print("k" in net.__dict__, sorted(vars(net).keys())[:3])
