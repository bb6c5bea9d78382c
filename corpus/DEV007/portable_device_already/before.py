"""Negative case: one portable device chosen at the top and used everywhere."""

import torch
from torch import nn

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")


def run():
    model = nn.Linear(5, 2).to(device)
    x = torch.randn(7, 5, device=device)
    if torch.cuda.is_available():
        torch.cuda.synchronize()
    return {"out": model(x)}
