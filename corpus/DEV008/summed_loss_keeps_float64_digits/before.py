"""A model trained for many steps, its loss summed with `.item()` into a Python float (float64).

The fix keeps the sum on the device, in float64 like the host's sum: a float32 loss converts to
float64 exactly and the same additions round alike, so the epoch's total keeps every digit.
"""

import torch
import torch.nn as nn

STEPS = 50


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    generator = torch.Generator().manual_seed(3)
    inputs = torch.randn(STEPS, 4, 5, generator=generator).to(device)
    # targets of very different sizes, so that the losses span several orders of magnitude
    exponents = torch.rand(STEPS, 1, 1, generator=generator).to(device) * 6 - 3
    targets = torch.randn(STEPS, 4, 1, generator=generator).to(device) * 10.0**exponents
    model = nn.Linear(5, 1).to(device)
    optimizer = torch.optim.SGD(model.parameters(), lr=1e-6)
    criterion = nn.MSELoss()

    total = 0
    for step in range(STEPS):
        optimizer.zero_grad()
        loss = criterion(model(inputs[step]), targets[step])
        loss.backward()
        optimizer.step()
        total += loss.item() / len(inputs[step])
    return {"total": torch.tensor(total, dtype=torch.float64), "bias": model.bias.detach()}
