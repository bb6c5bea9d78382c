"""A regression MLP trained for an epoch, summing the loss with `.item()` after every step.

Each `.item()` copies the loss to the host and waits for the GPU to finish the step, so the next
step cannot be queued while this one runs.
"""

import torch
import torch.nn as nn

STEPS = 12


def make_batches(device):
    generator = torch.Generator().manual_seed(7)
    inputs = torch.randn(STEPS, 16, 8, generator=generator)
    targets = inputs.sum(dim=2, keepdim=True).tanh()
    return inputs.to(device), targets.to(device)


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model = nn.Sequential(nn.Linear(8, 32), nn.ReLU(), nn.Linear(32, 1)).to(device)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
    criterion = nn.MSELoss()
    inputs, targets = make_batches(device)

    running = 0.0
    for step in range(STEPS):
        optimizer.zero_grad()
        loss = criterion(model(inputs[step]), targets[step])
        loss.backward()
        optimizer.step()
        running += loss.detach().double()
    running = float(running)
    mean_loss = running / STEPS
    return {"mean_loss": torch.tensor(mean_loss), "weight": model[0].weight.detach()}
