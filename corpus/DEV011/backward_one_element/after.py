"""A semi-supervised objective assembled from helpers the file does not show as reductions.

`objective = fit(model, x) + alpha * penalty(model, x)` adds the results of two functions handed in
as arguments: what they return is not shown where the objective is computed. But `objective.backward()` runs without a gradient, which
raises unless the tensor has one element, so the `objective.data[0]` logged after it reads a
one-element tensor: a 0-dim one today, where `[0]` raises `IndexError`. The rule reads it with
`.item()` (an unsafe fix: of shape (1,), `[0]` would read a 0-dim tensor, `.item()` a number). The
evaluation below rebinds `objective` without a `backward()`: its `.data[0]` stays as it is.
"""

import torch
from torch import nn


def elbo(model, x):
    return ((model(x) - x) ** 2).mean()


def penalty(model, x):
    return model.weight.abs().sum()


def train(fit, penalty):
    torch.manual_seed(0)
    model = nn.Linear(4, 4)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    alpha = 0.01
    logged = []
    for step in range(3):
        x = torch.randn(8, 4)
        optimizer.zero_grad()
        objective = fit(model, x) + alpha * penalty(model, x)
        objective.backward()
        optimizer.step()
        logged.append(objective.item())
    objective = torch.stack([fit(model, torch.randn(8, 4)) for _ in range(2)])
    first = objective.data[0]
    return {"logged": torch.tensor(logged), "first": first, "weight": model.weight.detach()}


def run():
    return train(elbo, penalty)


def reference():
    """The same steps, each objective read with `float()`."""
    fit = elbo
    torch.manual_seed(0)
    model = nn.Linear(4, 4)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    alpha = 0.01
    logged = []
    for step in range(3):
        x = torch.randn(8, 4)
        optimizer.zero_grad()
        objective = fit(model, x) + alpha * penalty(model, x)
        objective.backward()
        optimizer.step()
        logged.append(float(objective))
    objective = torch.stack([fit(model, torch.randn(8, 4)) for _ in range(2)])
    first = objective.data[0]
    return {"logged": torch.tensor(logged), "first": first, "weight": model.weight.detach()}
