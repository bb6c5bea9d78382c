"""A training loop that keeps every step's loss in a list with `float(loss)`, to plot it after
training; the list is not read inside the loop.

Each `float(loss)` waits for the GPU every step. The fix appends the detached losses and reads their
values once after the loop (`torch.stack(losses).tolist()`): the same Python floats, in the same order.
"""

import torch
import torch.nn as nn

STEPS = 12


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    generator = torch.Generator().manual_seed(31)
    inputs = torch.randn(STEPS, 8, 3, generator=generator).to(device)
    targets = inputs.sum(dim=2, keepdim=True).sin()
    torch.manual_seed(4)
    model = nn.Sequential(nn.Linear(3, 8), nn.Tanh(), nn.Linear(8, 1)).to(device)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    criterion = nn.MSELoss()

    losses = []
    for step in range(STEPS):
        optimizer.zero_grad()
        loss = criterion(model(inputs[step]), targets[step])
        loss.backward()
        optimizer.step()
        losses.append(loss.detach())
    losses = torch.stack(losses).tolist() if losses else []
    return {
        "losses": torch.tensor(losses, dtype=torch.float64),
        "floats": torch.tensor([type(v) is float for v in losses]),
    }
