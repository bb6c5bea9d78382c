"""A model trained for many steps, its loss read with `float(loss)` (the host's float64 of the one
element) and summed, scaled by the batch size, into a sum started at the int 0; logged every few steps.

The fix keeps the sum on the device in float64 (`loss.detach().double()`: the same number `float`
gave, and the same additions and products round alike), reads it with `float(...)` where the loop
logs, and converts it once after the loop: every logged and returned digit is the host's.
"""

import torch
import torch.nn as nn

STEPS = 25
LOG_EVERY = 5


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    generator = torch.Generator().manual_seed(11)
    inputs = torch.randn(STEPS, 4, 5, generator=generator).to(device)
    # targets of very different sizes, so that the losses span several orders of magnitude
    exponents = torch.rand(STEPS, 1, 1, generator=generator).to(device) * 6 - 3
    targets = torch.randn(STEPS, 4, 1, generator=generator).to(device) * 10.0**exponents
    model = nn.Linear(5, 1).to(device)
    optimizer = torch.optim.SGD(model.parameters(), lr=1e-6)
    criterion = nn.MSELoss()

    logged = []
    total = 0
    for step in range(STEPS):
        optimizer.zero_grad()
        loss = criterion(model(inputs[step]), targets[step])
        loss.backward()
        optimizer.step()
        total += float(loss) * inputs[step].size(0)
        if step % LOG_EVERY == 0:
            logged.append(total / (step + 1))
            print(f"step {step}: {total:.9f}")
    return {
        "total": torch.tensor(total, dtype=torch.float64),
        "logged": torch.tensor(logged, dtype=torch.float64),
        "float": torch.tensor(isinstance(total, float)),
    }
