"""DEV011 base: `loss.data[0]`, the pre-0.4 way to read a loss (IndexError today)."""

import torch
from torch import nn


def train():
    torch.manual_seed(0)
    x = torch.linspace(-1, 1, 24).reshape(8, 3)
    y = x.sum(1, keepdim=True)
    model = nn.Linear(3, 1)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    logged = []
    for _ in range(4):
        optimizer.zero_grad()
        loss = nn.functional.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()
        logged.append(loss.data[0])
    return logged, model


def run():
    logged, model = train()
    return {"logged": torch.tensor(logged), "weight": model.weight.detach()}


def reference():
    torch.manual_seed(0)
    x = torch.linspace(-1, 1, 24).reshape(8, 3)
    y = x.sum(1, keepdim=True)
    model = nn.Linear(3, 1)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    logged = []
    for _ in range(4):
        optimizer.zero_grad()
        loss = nn.functional.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()
        logged.append(loss.detach().clone().reshape(()).tolist())
    return {"logged": torch.tensor(logged), "weight": model.weight.detach()}
