"""A step-counted training loop that pulls batches from an iterator and restarts it when it runs dry,
as GAN and reinforcement-learning scripts often do. The device comes from a configuration object.

The model goes to `cfg.device`; the batches from `next(...)` stay on the CPU, so the first step on a
GPU fails.
"""

from types import SimpleNamespace

import torch
from torch import nn
from torch.autograd import Variable
from torch.utils.data import DataLoader, TensorDataset


def make_loader():
    images = torch.rand(40, 1, 6, 6)
    labels = (images.mean(dim=(1, 2, 3)) > 0.5).long()
    return DataLoader(TensorDataset(images, labels), batch_size=8, shuffle=False)


def run():
    cfg = SimpleNamespace(
        device=torch.device("cuda" if torch.cuda.is_available() else "cpu"), steps=7, lr=0.1
    )
    model = nn.Sequential(nn.Flatten(), nn.Linear(36, 16), nn.ReLU(), nn.Linear(16, 2))
    model = model.to(cfg.device)
    criterion = nn.CrossEntropyLoss()
    optimizer = torch.optim.SGD(model.parameters(), lr=cfg.lr)
    loader = make_loader()

    batches = iter(loader)
    step = 0
    losses = []
    while step < cfg.steps:
        try:
            images, labels = next(batches)
        except StopIteration:
            batches = iter(loader)
            images, labels = next(batches)
        images = Variable(images)
        images = images.float()
        optimizer.zero_grad()
        loss = criterion(model(images), labels)
        loss.backward()
        optimizer.step()
        losses.append(loss.detach())
        step += 1
    return {"losses": torch.stack(losses), "weight": model[1].weight.detach()}
