"""WRONG on a GPU (DEV008): copies each loss to the host with non_blocking=True and reads the host
copies without synchronizing. On CUDA the copy may not have landed when it is read (a race); the
emulation completes non-blocking copies at once, so the numbers are right and no sync is counted."""

import torch
from torch import nn


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    torch.manual_seed(0)
    data = torch.randn(12, 8, 6).to(device)
    model = nn.Linear(6, 6).to(device)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    host_losses = []
    for step in range(12):
        optimizer.zero_grad()
        loss = (model(data[step]) - data[step].flip(-1)).pow(2).mean()
        loss.backward()
        optimizer.step()
        host_losses.append(loss.detach().to("cpu", non_blocking=True))
    total = 0.0
    for value in host_losses:  # no torch.cuda.synchronize(): a race on a real GPU
        total += value.item()
    return {"total": torch.tensor(total), "weight": model.weight.detach()}
