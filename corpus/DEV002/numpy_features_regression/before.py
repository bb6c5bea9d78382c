"""Fits a small regressor to features computed with NumPy.

NumPy arrays are float64 by default and `torch.from_numpy` keeps their dtype, so the features reach
the float32 network in double precision and the first layer refuses them.
"""

import numpy as np
import torch
from torch import nn


def run():
    model = nn.Sequential(nn.Linear(3, 32), nn.GELU(), nn.Linear(32, 1))
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-2)

    t = np.linspace(0.0, 4.0 * np.pi, 128)
    x = torch.from_numpy(np.stack([np.sin(t), np.cos(t), t / t.max()], axis=1))
    y = torch.tensor(np.sin(2 * t)[:, None], dtype=torch.float32)

    for _ in range(5):
        optimizer.zero_grad()
        loss = nn.functional.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()
    return {"loss": loss.detach(), "weight": model[0].weight.detach()}


def reference():
    """The same fit with the features computed by torch alone, in float32."""
    model = nn.Sequential(nn.Linear(3, 32), nn.GELU(), nn.Linear(32, 1))
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-2)

    t = torch.linspace(0.0, 4.0 * torch.pi, 128)
    x = torch.stack([torch.sin(t), torch.cos(t), t / t.max()], dim=1)
    y = torch.sin(2 * t)[:, None]

    for _ in range(5):
        optimizer.zero_grad()
        loss = nn.functional.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()
    return {"loss": loss.detach(), "weight": model[0].weight.detach()}
