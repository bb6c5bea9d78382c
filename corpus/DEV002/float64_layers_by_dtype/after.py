"""Negative case: a small physics surrogate built in double precision on purpose (its layers are
created with `dtype=torch.float64`), fed float64 NumPy data generated with `default_rng`.
"""

import numpy as np
import torch
from torch import nn


def run():
    rng = np.random.default_rng(3)
    surrogate = nn.Sequential(
        nn.Linear(2, 8, dtype=torch.float64), nn.Tanh(), nn.Linear(8, 1, dtype=torch.float64)
    )
    optimizer = torch.optim.LBFGS(surrogate.parameters(), max_iter=5)
    points = torch.from_numpy(rng.uniform(-1.0, 1.0, size=(32, 2)))
    exact = (points[:, :1] ** 2 + points[:, 1:] ** 2).sqrt()

    def closure():
        optimizer.zero_grad()
        loss = (surrogate(points) - exact).pow(2).mean()
        loss.backward()
        return loss

    for _ in range(2):
        optimizer.step(closure)
    return {"loss": closure().detach(), "weight": surrogate[0].weight.detach()}
