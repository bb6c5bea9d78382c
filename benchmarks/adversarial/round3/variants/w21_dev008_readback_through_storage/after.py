"""Wrong after: still reads every loss back to the host on every step (a copy and a sync on a GPU),
through the tensor's untyped storage instead of `.item()`, which the emulation does not count."""

import struct

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
        raw = bytes(loss.detach().untyped_storage().tolist())  # device -> host, every step
        total += struct.unpack("<f", raw[:4])[0]
    return {"total": torch.tensor(total), "weight": model.weight.detach()}
