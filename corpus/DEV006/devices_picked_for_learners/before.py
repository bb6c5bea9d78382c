"""Negative case: a portfolio of independent learners, learner i on GPU `i % n`.

The GPUs are picked round-robin as a list of devices, and each learner is built and trained on its own
elsewhere: no layers of one model are moved here, so DEV006 reports the choice and rewrites nothing.
"""

import torch
from torch import nn


def portfolio_devices(count):
    gpus = torch.cuda.device_count()
    devices = []
    for i in range(count):
        devices.append(torch.device("cuda:{}".format(i % gpus)) if gpus else torch.device("cpu"))
    return devices


def train_learner(device, seed):
    torch.manual_seed(seed)
    learner = nn.Linear(3, 1).to(device)
    optimizer = torch.optim.SGD(learner.parameters(), lr=0.1)
    data = torch.randn(10, 3, generator=torch.Generator().manual_seed(seed)).to(device)
    for _ in range(3):
        optimizer.zero_grad()
        loss = learner(data).pow(2).mean()
        loss.backward()
        optimizer.step()
    return loss.detach().cpu()


def run():
    losses = [train_learner(device, seed) for seed, device in enumerate(portfolio_devices(3))]
    return {"losses": torch.stack(losses)}
