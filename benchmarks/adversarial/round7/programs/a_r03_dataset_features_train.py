import numpy as np
import torch
import torch.nn as nn
from torch.autograd import Variable
from torch.utils.data import DataLoader, TensorDataset
torch.manual_seed(0)
backbone = nn.Sequential(nn.Linear(6, 8), nn.ReLU(), nn.Linear(8, 4))
classifier = nn.Linear(4, 2)
raw = torch.randn(32, 6)
stem = backbone[:2]
emb = stem(raw)
labels = (raw.sum(1) > 0).long()
loader = DataLoader(TensorDataset(emb, labels), batch_size=8)
opt = torch.optim.Adam(list(backbone.parameters()) + list(classifier.parameters()), lr=1e-2)
crit = nn.CrossEntropyLoss()
for epoch in range(2):
    for xb, yb in loader:
        xb = Variable(xb)
        loss = crit(classifier(backbone[2](xb)), yb)
        opt.zero_grad()
        loss.backward(retain_graph=True)
        opt.step()
print(round(backbone[0].weight.sum().item(), 5))
