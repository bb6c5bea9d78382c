"""Wrong after: reads each loss back by pickling it (serialising a CUDA tensor copies its storage to
the host: a copy and a sync on a GPU), which the emulation does not count."""

import pickle

import torch
from torch import nn


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    torch.manual_seed(0)
    data = torch.randn(12, 8, 6).to(device)
    model = nn.Linear(6, 6).to(device)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    total = 0.0
    for step in range(12):
        optimizer.zero_grad()
        loss = (model(data[step]) - data[step].flip(-1)).pow(2).mean()
        loss.backward()
        optimizer.step()
        total += float(pickle.loads(pickle.dumps(loss.detach())))
    return {"total": torch.tensor(total), "weight": model.weight.detach()}
