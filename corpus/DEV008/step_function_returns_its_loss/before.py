"""A step function that returns its loss as a number, `return output, loss.item() / n`, called in a loop
that sums it and prints it every few steps (the shape of the PyTorch tutorials' `train`).

The fix returns the detached loss as a float64 tensor (the host's precision: a float32 loss converts
exactly, and the same division and additions round alike), sums it on the device, reads the sum with
`float(...)` where the loop averages it (the `%f` print formats the 0-dim tensor through `float()`: the
same text, left as it is), and converts the sum once after the loop: the same digits, one sync per
print instead of one per step.
"""

import torch
import torch.nn as nn
import torch.nn.functional as F

STEPS = 30
PRINT_EVERY = 10


def train(model, optimizer, x, y):
    optimizer.zero_grad()
    output = model(x)
    loss = F.mse_loss(output, y, reduction="sum")
    loss.backward()
    optimizer.step()
    return output, loss.item() / x.size(0)


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    generator = torch.Generator().manual_seed(11)
    inputs = torch.randn(STEPS, 8, 3, generator=generator).to(device)
    targets = inputs.pow(2).sum(dim=2, keepdim=True) * 3.7
    model = nn.Sequential(nn.Linear(3, 16), nn.Tanh(), nn.Linear(16, 1)).to(device)
    optimizer = torch.optim.SGD(model.parameters(), lr=1e-3)
    printed = []
    averages = []
    current_loss = 0
    for step in range(1, STEPS + 1):
        output, loss = train(model, optimizer, inputs[step - 1], targets[step - 1])
        current_loss += loss
        if step % PRINT_EVERY == 0:
            printed.append("%d %.6f" % (step, loss))
            averages.append(current_loss / PRINT_EVERY)
            current_loss = 0
    return {
        "printed": torch.tensor([float(p.split()[1]) for p in printed], dtype=torch.float64),
        "averages": torch.tensor(averages, dtype=torch.float64),
        "weight": model[0].weight.detach(),
        "last": output.detach(),
    }
