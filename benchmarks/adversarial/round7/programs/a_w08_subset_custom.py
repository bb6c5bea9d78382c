import torch
import torch.nn as nn
from torch.autograd import Variable
from torch.utils.data import DataLoader, Dataset, Subset
torch.manual_seed(0)
class Pairs(Dataset):
    def __init__(self, table):
        self.table = table
    def __len__(self):
        return self.table.shape[0]
    def __getitem__(self, i):
        return self.table[i]
emb = nn.Embedding(4, 2)
ds = Subset(Pairs(emb.weight), [0, 1, 2, 3])
loader = DataLoader(ds, batch_size=2)
for b in loader:
    v = Variable(b)
    print(v.requires_grad)
