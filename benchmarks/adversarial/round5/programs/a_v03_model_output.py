import torch
import torch.nn as nn
from torch.autograd import Variable
from torch.utils.data import DataLoader, TensorDataset
torch.manual_seed(0)
model = nn.Linear(2, 2)
data = model(torch.randn(4, 2))
loader = DataLoader(TensorDataset(data), batch_size=2)
for (b,) in loader:
    v = Variable(b)
    print(v.requires_grad)
