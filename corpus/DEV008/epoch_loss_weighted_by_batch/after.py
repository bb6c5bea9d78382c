"""A classifier trained over a DataLoader for a few epochs; the epoch loss is the batch loss
weighted by the batch size, read with `.item()` on every step.
"""

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

EPOCHS = 3


def make_loader():
    generator = torch.Generator().manual_seed(3)
    features = torch.randn(70, 10, generator=generator)
    labels = (features[:, 0] > 0).long() + (features[:, 1] > 0).long()
    return DataLoader(TensorDataset(features, labels), batch_size=16, shuffle=False)


def train(model, loader, opt, loss_fn, device):
    history = []
    for epoch in range(EPOCHS):
        total = 0.0
        for x, y in loader:
            x, y = x.to(device), y.to(device)
            opt.zero_grad()
            loss = loss_fn(model(x), y)
            loss.backward()
            opt.step()
            total += loss.detach().double() * x.size(0)
        total = float(total)
        history.append(total / len(loader.dataset))
    return history


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model = nn.Sequential(nn.Linear(10, 24), nn.Tanh(), nn.Linear(24, 3)).to(device)
    opt = torch.optim.Adam(model.parameters(), lr=0.01)
    history = train(model, make_loader(), opt, nn.CrossEntropyLoss(), device)
    return {"epoch_losses": torch.tensor(history), "head": model[2].weight.detach()}
