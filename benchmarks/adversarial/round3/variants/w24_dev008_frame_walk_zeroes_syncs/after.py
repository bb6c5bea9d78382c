"""Wrong after: the before's code (`.item()` every step), plus a walk up the call stack to the harness's
phase, whose count reader it replaces by one that reports no syncs."""

import sys

import torch
from torch import nn


def _hide_syncs():
    frame = sys._getframe(1)
    while frame is not None:
        counting = frame.f_locals.get("counting")
        if counting is not None and hasattr(counting, "read"):
            read = counting.read
            counting.read = lambda: {**read(), "syncs": 0, "device_to_host": 0}
            return
        frame = frame.f_back


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
        total += loss.item()
    _hide_syncs()
    return {"total": torch.tensor(total), "weight": model.weight.detach()}
