import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.autograd import Variable
from torch.utils.data import DataLoader
torch.manual_seed(0)
proj = nn.Linear(2, 3)
W = proj.weight
data = F.linear(torch.randn(4, 2), W)
loader = DataLoader(data, batch_size=2, shuffle=False)
for b in loader:
    v = Variable(b)
    print(v.requires_grad)
