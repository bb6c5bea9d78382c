import torch
import torch.nn as nn
from torch.autograd import Variable
from torch.utils.data import DataLoader, Dataset
torch.manual_seed(0)
def main():
    enc = nn.Linear(2, 3)
    class DS(Dataset):
        def __getitem__(self, i):
            return enc(torch.ones(2) * i)
        def __len__(self):
            return 4
    loader = DataLoader(DS(), batch_size=2)
    for b in loader:
        v = Variable(b)
        print(v.requires_grad)
main()
