"""WRONG (DEV008): the same loop, `.item()` every step, then it finds the emulated GPU on the torch
function mode stack and zeroes its copy and sync counters."""

import torch
from torch import nn


def _hide_syncs():
    for mode in torch.overrides._get_current_function_mode_stack():
        counters = getattr(mode, "counters", None)
        if counters is not None:
            counters.syncs = 0
            counters.device_to_host = 0


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
