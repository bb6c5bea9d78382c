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
net._apply(torch.Tensor.double)
print(net.scale.dtype, net.fc.weight.dtype)
