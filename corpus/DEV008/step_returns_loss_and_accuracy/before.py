"""A step function that returns two numbers, `return loss.item(), acc.item()`, called in a loop that
sums both, prints both every few steps and averages both after the loop.

The fix returns both as detached float64 tensors (a float32 value converts exactly, and the sums round
as the host's floats do), keeps both sums on the device, formats `float(...)` of each where the loop
prints and reads both sums back once after the loop: the same printed text and averages, with one sync
per print instead of two per step.
"""

import torch
import torch.nn as nn
import torch.nn.functional as F

STEPS = 24
PRINT_EVERY = 6


def train(model, optimizer, x, y):
    optimizer.zero_grad()
    out = model(x)
    loss = F.cross_entropy(out, y)
    acc = (out.argmax(1) == y).float().mean()
    loss.backward()
    optimizer.step()
    return loss.item(), acc.item()


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    generator = torch.Generator().manual_seed(3)
    inputs = torch.randn(STEPS, 16, 4, generator=generator).to(device)
    labels = (inputs.sum(dim=2) > 0).long()
    model = nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.Linear(16, 2)).to(device)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
    printed = []
    total_loss = 0.0
    total_acc = 0.0
    for step in range(STEPS):
        loss, acc = train(model, optimizer, inputs[step], labels[step])
        total_loss += loss
        total_acc += acc
        if step % PRINT_EVERY == 0:
            printed.append(f"{step} {loss:.6f} {acc:.4f}")
    return {
        "printed": torch.tensor([[float(v) for v in p.split()] for p in printed], dtype=torch.float64),
        "averages": torch.tensor([total_loss / STEPS, total_acc / STEPS], dtype=torch.float64),
        "weight": model[0].weight.detach(),
    }
