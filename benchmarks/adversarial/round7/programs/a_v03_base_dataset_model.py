import torch
import torch.nn as nn
from torch.autograd import Variable
from torch.utils.data import DataLoader, Dataset
torch.manual_seed(0)
enc = nn.Linear(2, 3)
class Base(Dataset):
    def __init__(self):
        self.data = enc(torch.randn(4, 2))
    def __getitem__(self, i):
        return self.data[i]
    def __len__(self):
        return 4
class Child(Base):
    def __len__(self):
        return 2
loader = DataLoader(Child(), batch_size=2)
for b in loader:
    v = Variable(b)
    print(v.requires_grad)
