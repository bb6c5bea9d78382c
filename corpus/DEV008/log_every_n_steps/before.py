"""Negative case: the loss is kept on the device every step and read on the host only every N steps
and once after the loop, as the performance guide recommends.
"""

import torch
import torch.nn as nn

STEPS = 20
LOG_EVERY = 5


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    generator = torch.Generator().manual_seed(11)
    data = torch.randn(STEPS, 8, 6, generator=generator).to(device)
    model = nn.Linear(6, 6).to(device)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)

    losses = []
    logged = []
    for step in range(STEPS):
        optimizer.zero_grad()
        loss = (model(data[step]) - data[step].flip(-1)).pow(2).mean()
        loss.backward()
        optimizer.step()
        losses.append(loss.detach())
        if step % LOG_EVERY == 0:
            logged.append(loss.item())
    curve = torch.stack(losses).cpu()
    return {"curve": curve, "logged": torch.tensor(logged)}
