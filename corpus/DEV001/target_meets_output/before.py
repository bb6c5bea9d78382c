"""A regression loop that moves its inputs but not its targets.

The inputs go to the device where they are made; the targets, made beside them, only ever meet the
model's output, in the loss and in a hand-written error. On a GPU the first loss mixes devices.
DEV001 moves the targets where they are made.
"""

import torch
import torch.nn as nn

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")


def run():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 1)).to(device)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
    criterion = nn.MSELoss()
    x = torch.linspace(-1, 1, 32).reshape(8, 4).to(device)
    y = torch.linspace(0, 1, 8).reshape(8, 1)
    history = []
    for _ in range(5):
        optimizer.zero_grad()
        out = model(x)
        loss = criterion(out, y)
        loss.backward()
        optimizer.step()
        history.append(loss.detach())
    pred = model(x)
    error = (pred - y).abs().max()
    return {"history": torch.stack(history), "error": error.detach()}
