import torch
import torch.nn as nn
from torch.autograd import Variable
from torch.utils.data import DataLoader
torch.manual_seed(0)
net = nn.Sequential(nn.Linear(2, 3), nn.ReLU())
h = torch.randn(4, 2)
for layer in net:
    h = layer(h)
loader = DataLoader(h, batch_size=2)
for b in loader:
    print(Variable(b).requires_grad)
