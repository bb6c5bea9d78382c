import torch
import torch.nn as nn
from torch.autograd import Variable
from torch.utils.data import DataLoader, TensorDataset, Dataset
torch.manual_seed(0)
enc = nn.Sequential(nn.Linear(2, 3), nn.ReLU())
data = enc[0](torch.randn(4, 2))
loader = DataLoader(TensorDataset(data, torch.zeros(4)), batch_size=2)
for b, y in loader:
    v = Variable(b)
    print(v.requires_grad)
