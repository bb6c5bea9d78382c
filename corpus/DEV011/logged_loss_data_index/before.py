"""A 2017-style regression loop that logs its losses as `loss.data[0]` and sums `loss.data` for the
epoch's mean.

Since PyTorch 0.4 a loss is a 0-dim tensor, and `loss.data[0]` raises `IndexError: invalid index of a
0-dim tensor` at the first logged step: the script never trains. `loss.item()` reads the value the
way `loss.data[0]` read it on PyTorch 0.3, and `total[0]` of the summed `loss.data` becomes
`total.item()`. `reference()` computes the same numbers with today's API.
"""

import torch
from torch import nn

criterion = nn.MSELoss()


def make_data():
    torch.manual_seed(0)
    x = torch.randn(32, 3)
    y = x @ torch.tensor([[1.5], [-2.0], [0.5]]) + 0.1 * torch.randn(32, 1)
    return x, y


def train(steps=5):
    x, y = make_data()
    model = nn.Linear(3, 1)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    logged = []
    total = 0
    for _ in range(steps):
        optimizer.zero_grad()
        loss = criterion(model(x), y)
        loss.backward()
        optimizer.step()
        logged.append(loss.data[0])
        total += loss.data
    return logged, total[0] / steps, model


def run():
    torch.manual_seed(0)
    logged, mean, model = train()
    return {"logged": torch.tensor(logged), "mean": torch.tensor(mean), "weight": model.weight.detach()}


def reference():
    torch.manual_seed(0)
    x, y = make_data()
    model = nn.Linear(3, 1)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    logged = []
    for _ in range(5):
        optimizer.zero_grad()
        loss = nn.functional.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()
        logged.append(loss.item())
    mean = sum(logged) / 5
    return {"logged": torch.tensor(logged), "mean": torch.tensor(mean), "weight": model.weight.detach()}
