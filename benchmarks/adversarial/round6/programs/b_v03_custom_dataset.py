import torch
import torch.nn as nn
from torch.autograd import Variable
from torch.utils.data import DataLoader, TensorDataset, Dataset
torch.manual_seed(0)
model = nn.Linear(2, 2)
class DS(Dataset):
    def __len__(self):
        return 4
    def __getitem__(self, i):
        return model(torch.ones(2) * i)
loader = DataLoader(DS(), batch_size=2)
for b in loader:
    v = Variable(b)
    print(v.requires_grad)
