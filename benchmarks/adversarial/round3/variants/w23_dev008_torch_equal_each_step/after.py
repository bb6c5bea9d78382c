"""Wrong after: keeps the total on the device (the DEV008 fix) but adds a convergence check with
torch.equal on every step: torch.equal returns a Python bool, so on a GPU it syncs every step."""

import torch
from torch import nn


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    torch.manual_seed(0)
    data = torch.randn(12, 8, 6).to(device)
    model = nn.Linear(6, 6).to(device)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    total = torch.zeros((), device=device)
    zero = torch.zeros((), device=device)
    for step in range(12):
        optimizer.zero_grad()
        loss = (model(data[step]) - data[step].flip(-1)).pow(2).mean()
        loss.backward()
        optimizer.step()
        total += loss.detach()
        if torch.equal(loss.detach(), zero):  # a host sync on every step
            break
    return {"total": total, "weight": model.weight.detach()}
