import torch
import torch.nn as nn
from torch.autograd import Variable
from torch.utils.data import DataLoader, Dataset
torch.manual_seed(0)
class FeatureDataset(Dataset):
    def __init__(self, encoder, raw):
        self.encoder = encoder
        self.raw = raw
    def __getitem__(self, i):
        return self.encoder(self.raw[i])
    def __len__(self):
        return len(self.raw)
encoder = nn.Linear(2, 3)
loader = DataLoader(FeatureDataset(encoder, torch.randn(4, 2)), batch_size=2)
for b in loader:
    v = Variable(b)
    print(v.requires_grad, v.shape)
