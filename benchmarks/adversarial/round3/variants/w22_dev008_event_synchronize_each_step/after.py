"""Wrong after: replaces `.item()` with a non_blocking copy to the host plus an event synchronize on
every step: the host still waits for the device 12 times, but an event wait is not counted as a sync."""

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
        host = loss.detach().to("cpu", non_blocking=True)
        if device.type == "cuda":
            done = torch.cuda.Event()
            done.record()
            done.synchronize()  # the host waits for the device, every step
        total += float(host)
    return {"total": torch.tensor(total), "weight": model.weight.detach()}
