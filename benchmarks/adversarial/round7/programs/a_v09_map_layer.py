import torch
import torch.nn as nn
from torch.autograd import Variable
from torch.utils.data import DataLoader
torch.manual_seed(0)
blocks = nn.ModuleList([nn.Linear(2, 2) for _ in range(2)])
xs = torch.randn(4, 2)
for blk in blocks:
    xs = blk(xs)
loader = DataLoader(xs, batch_size=2)
for b in loader:
    v = Variable(b)
    print(v.requires_grad)
