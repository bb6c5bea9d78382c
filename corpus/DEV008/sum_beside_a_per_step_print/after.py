"""Negative case for the fix (the syncs are still reported): the loss is summed with `.item()`, but
the loop also prints `loss.item()` on every step.

Keeping the sum on the device would save nothing while the print still waits for the GPU every
step, so the sum is left as it is and the finding says which sync stays.
"""

import torch
import torch.nn as nn

STEPS = 6


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    generator = torch.Generator().manual_seed(5)
    inputs = torch.randn(STEPS, 8, 3, generator=generator).to(device)
    targets = inputs.mean(dim=2, keepdim=True)
    model = nn.Linear(3, 1).to(device)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    criterion = nn.MSELoss()

    epoch_loss = 0.0
    for step in range(STEPS):
        optimizer.zero_grad()
        loss = criterion(model(inputs[step]), targets[step])
        epoch_loss += loss.item()
        loss.backward()
        optimizer.step()
        print("step {}: loss {:.4f}".format(step, loss.item()))
    return {"mean_loss": torch.tensor(epoch_loss / STEPS), "weight": model.weight.detach()}
