"""Wrong after: reads each loss through its data pointer with ctypes. On a GPU that pointer is device
memory (reading it from the host crashes); the emulation keeps the data on the host, so it works and
counts no sync."""

import ctypes

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
        value = loss.detach().contiguous()
        total += ctypes.c_float.from_address(value.data_ptr()).value
    return {"total": torch.tensor(total), "weight": model.weight.detach()}
