import torch
import torch.nn as nn
from torch.autograd import Variable
from torch.utils.data import DataLoader, TensorDataset
torch.manual_seed(0)
net = nn.Sequential(nn.Linear(2, 3), nn.ReLU(), nn.Linear(3, 1))
trunk = net[:2]
feats = trunk(torch.randn(4, 2))
loader = DataLoader(TensorDataset(feats), batch_size=2)
for (b,) in loader:
    v = Variable(b)
    print(v.requires_grad)
