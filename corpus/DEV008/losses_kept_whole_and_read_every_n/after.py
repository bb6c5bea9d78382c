"""A loop that keeps every step's loss in one list with `.item()` and, every few steps, hands the whole
list to a report (a plot of all the losses so far, its recent mean), never emptying it; the list is read
only there and after the loop.

The fix appends the detached loss tensors to a list of their own (`losses_pending`); the reporting
branch first moves them into `losses` with one copy (`torch.stack(losses_pending).tolist()`), as does
the code after the loop. The report sees the same floats, in the same order, in the same list object,
and each step's value is copied once.
"""

import torch
import torch.nn as nn

STEPS = 23
REPORT_EVERY = 5


def report(step, losses, seen):
    seen.append((step, len(losses), sum(losses[-REPORT_EVERY:]) / REPORT_EVERY, id(losses)))


def train(model, optimizer, inputs, targets):
    criterion = nn.MSELoss()
    seen = []
    losses = []
    losses_pending = []
    for step in range(1, STEPS + 1):
        optimizer.zero_grad()
        loss = criterion(model(inputs[step - 1]), targets[step - 1])
        loss.backward()
        optimizer.step()
        if step > 2:
            losses_pending.append(loss.detach())
        if step % REPORT_EVERY == 0:
            losses += torch.stack(losses_pending).tolist() if losses_pending else []
            losses_pending = []
            report(step, losses, seen)
    losses += torch.stack(losses_pending).tolist() if losses_pending else []
    same = all(entry[3] == id(losses) for entry in seen)
    return [entry[:3] for entry in seen], losses, same


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    generator = torch.Generator().manual_seed(23)
    inputs = torch.randn(STEPS, 8, 4, generator=generator).to(device)
    targets = inputs.pow(2).mean(dim=2, keepdim=True)
    torch.manual_seed(3)
    model = nn.Linear(4, 1).to(device)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
    seen, losses, same = train(model, optimizer, inputs, targets)
    return {
        "steps": torch.tensor([s[0] for s in seen]),
        "lengths": torch.tensor([s[1] for s in seen]),
        "means": torch.tensor([s[2] for s in seen], dtype=torch.float64),
        "losses": torch.tensor(losses, dtype=torch.float64),
        "floats": torch.tensor([isinstance(v, float) for v in losses]),
        "same_list": torch.tensor(same),
    }
