"""Negative case: a physics-informed fit that is float64 on purpose, model included.

The dtypes agree (the model is made double too), so there is nothing to fix.
"""

import torch
from torch import nn


def run():
    torch.set_default_dtype(torch.float64)
    try:
        model = nn.Sequential(nn.Linear(1, 16), nn.Tanh(), nn.Linear(16, 1)).double()
        t = torch.linspace(0, 1, 64, dtype=torch.float64).unsqueeze(1)
        target = torch.exp(-3.0 * t)
        optimizer = torch.optim.LBFGS(model.parameters(), max_iter=5)

        def closure():
            optimizer.zero_grad()
            loss = (model(t) - target).pow(2).mean()
            loss.backward()
            return loss

        loss = optimizer.step(closure)
    finally:
        torch.set_default_dtype(torch.float32)
    return {"loss": loss.detach(), "fit": model(t).detach()}
