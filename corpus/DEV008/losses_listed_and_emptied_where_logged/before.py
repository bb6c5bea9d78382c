"""A training loop that keeps each step's loss in a list with `.item()` and, every few steps, logs the
list's mean and empties it (`losses = []`): the list is read only there and after the loop.

The fix appends the detached loss tensors; the logging branch first reads the ones kept since the last
log with one copy (`torch.stack(losses).tolist()`), as does the code after the loop, so every value is
copied once and the steps in between do not wait. The floats are the same, in the same order.
"""

import torch
import torch.nn as nn

STEPS = 22
LOG_EVERY = 5


def train(model, optimizer, inputs, targets):
    criterion = nn.MSELoss()
    means = []
    losses = []
    for step in range(STEPS):
        optimizer.zero_grad()
        loss = criterion(model(inputs[step]), targets[step])
        losses.append(loss.item())
        loss.backward()
        optimizer.step()
        if len(losses) == LOG_EVERY:
            means.append(sum(losses) / len(losses))
            print("mean loss %.6f" % means[-1])
            losses = []
    return means, losses


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    generator = torch.Generator().manual_seed(17)
    inputs = torch.randn(STEPS, 8, 4, generator=generator).to(device)
    targets = inputs.pow(2).mean(dim=2, keepdim=True)
    torch.manual_seed(2)
    model = nn.Linear(4, 1).to(device)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
    means, rest = train(model, optimizer, inputs, targets)
    return {
        "means": torch.tensor(means, dtype=torch.float64),
        "rest": torch.tensor(rest, dtype=torch.float64),
        "floats": torch.tensor([isinstance(v, float) for v in rest]),
    }
