import torch
import torch.nn as nn
from torch.autograd import Variable
from torch.utils.data import DataLoader
torch.manual_seed(0)
emb = nn.Embedding(6, 3)
loader = DataLoader(emb.weight, batch_size=2)
opt = torch.optim.SGD(emb.parameters(), lr=0.1)
for b in loader:
    v = Variable(b)
    print(v.requires_grad)
