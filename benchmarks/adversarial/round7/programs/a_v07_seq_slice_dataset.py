import torch
import torch.nn as nn
from torch.autograd import Variable
from torch.utils.data import DataLoader, TensorDataset
torch.manual_seed(0)
layers = [nn.Linear(2, 3), nn.ReLU()]
feat = layers[0]
data = feat(torch.randn(4, 2))
loader = DataLoader(TensorDataset(data), batch_size=2)
for (b,) in loader:
    v = Variable(b)
    print(v.requires_grad)
