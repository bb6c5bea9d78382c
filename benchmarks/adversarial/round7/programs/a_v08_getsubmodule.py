import torch
import torch.nn as nn
from torch.autograd import Variable
from torch.utils.data import DataLoader
torch.manual_seed(0)
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(2, 3), nn.Tanh())
    def forward(self, x):
        return self.body(x)
def build():
    return Net()
net = build()
data = net.get_submodule("body.0")(torch.randn(4, 2))
loader = DataLoader(data, batch_size=2)
for b in loader:
    v = Variable(b)
    print(v.requires_grad)
