"""Correct after: keeps each step's loss on the device and sums them once at the end."""

import torch
from torch import nn


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    torch.manual_seed(0)
    data = torch.randn(12, 8, 6).to(device)
    model = nn.Linear(6, 6).to(device)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    losses = []
    for step in range(12):
        optimizer.zero_grad()
        loss = (model(data[step]) - data[step].flip(-1)).pow(2).mean()
        loss.backward()
        optimizer.step()
        losses.append(loss.detach())
    total = 0.0
    for value in torch.stack(losses).tolist():  # one read-back, summed in the same order as before
        total += value
    return {"total": torch.tensor(total), "weight": model.weight.detach()}
