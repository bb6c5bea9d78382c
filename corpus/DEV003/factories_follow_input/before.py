"""Negative case: a noise-injection layer that already creates everything on the input's device."""

import torch
from torch import nn


class GaussianNoise(nn.Module):
    def __init__(self, sigma=0.1):
        super().__init__()
        self.sigma = sigma

    def forward(self, x):
        noise = torch.randn(x.shape, device=x.device, dtype=x.dtype) * self.sigma
        steps = torch.arange(x.size(-1), device=x.device)
        return x + noise + torch.zeros_like(x), steps


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    layer = GaussianNoise().to(device)
    out, steps = layer(torch.ones(3, 4, device=device))
    return {"out": out, "steps": steps}
