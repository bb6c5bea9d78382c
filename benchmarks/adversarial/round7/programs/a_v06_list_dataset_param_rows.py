import torch
import torch.nn as nn
from torch.autograd import Variable
from torch.utils.data import DataLoader
torch.manual_seed(0)
lin = nn.Linear(2, 4)
rows = list(lin.weight)
loader = DataLoader(rows, batch_size=2)
for b in loader:
    v = Variable(b)
    print(v.requires_grad)
