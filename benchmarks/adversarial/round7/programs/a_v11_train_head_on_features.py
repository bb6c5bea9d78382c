import torch
import torch.nn as nn
from torch.autograd import Variable
from torch.utils.data import DataLoader, Dataset
torch.manual_seed(0)
encoder = nn.Linear(4, 3)
head = nn.Linear(3, 1)
class Features(Dataset):
    def __init__(self, enc, raw):
        self.enc, self.raw = enc, raw
    def __len__(self):
        return len(self.raw)
    def __getitem__(self, i):
        return self.enc(self.raw[i]), self.raw[i].sum()
loader = DataLoader(Features(encoder, torch.randn(8, 4)), batch_size=4)
opt = torch.optim.SGD(list(encoder.parameters()) + list(head.parameters()), lr=0.1)
for epoch in range(2):
    for x, y in loader:
        x = Variable(x)
        loss = ((head(x).squeeze(1) - y) ** 2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
print(encoder.weight.sum().item(), head.weight.sum().item())
