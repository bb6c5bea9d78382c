"""Correct after: the scale is a non-persistent buffer, so `.to(device)` moves it."""

import torch
from torch import nn


class Scaled(nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = nn.Linear(8, 8)
        self.register_buffer("scale", torch.linspace(0.5, 1.5, 8), persistent=False)

    def forward(self, x):
        return self.linear(x) * self.scale


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    torch.manual_seed(0)
    model = Scaled().to(device)
    x = torch.linspace(-1, 1, 32, device=device).reshape(4, 8)
    return {"out": model(x)}
