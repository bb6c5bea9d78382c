"""Training split into functions: `main` moves the model and hands it to `train_epoch` (with the
device) and to `evaluate` (without one); each function feeds CPU batches to the model it was given.

`train_epoch` reads two loaders side by side with `zip`, one of paired views, one of extra samples.
"""

import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset


def loaders():
    a = torch.randn(32, 5)
    b = a + 0.05 * torch.randn(32, 5)
    extra = torch.randn(32, 5)
    target = extra.sum(dim=1, keepdim=True)
    views = DataLoader(TensorDataset(a, b), batch_size=8)
    samples = DataLoader(TensorDataset(extra, target), batch_size=8)
    return views, samples


def train_epoch(model, views, samples, optimizer, device):
    total = 0.0
    for step, ((view_a, view_b), (inputs, target)) in enumerate(zip(views, samples)):
        view_a, view_b, inputs, target = view_a.to(device), view_b.to(device), inputs.to(device), target.to(device)
        optimizer.zero_grad()
        consistency = (model(view_a) - model(view_b)).pow(2).mean()
        fit = nn.functional.mse_loss(model(inputs), target)
        loss = consistency + fit
        loss.backward()
        optimizer.step()
        total += loss.detach().double()
    total = float(total)
    return total


def evaluate(model, loader):
    device = next(model.parameters()).device
    model.eval()
    errors = []
    with torch.no_grad():
        for inputs, target in loader:
            inputs, target = inputs.to(device), target.to(device)
            errors.append((model(inputs) - target).abs().mean())
    return torch.stack(errors).mean().to(device)


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model = nn.Sequential(nn.Linear(5, 12), nn.Tanh(), nn.Linear(12, 1)).to(device)
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-2)
    views, samples = loaders()
    totals = [train_epoch(model, views, samples, optimizer, device) for _ in range(2)]
    error = evaluate(model, samples)
    return {"totals": torch.tensor(totals), "error": error, "weight": model[0].weight.detach()}
