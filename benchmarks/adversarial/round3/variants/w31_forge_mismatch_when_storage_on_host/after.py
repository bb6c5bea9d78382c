"""After: moves the batch unconditionally (what the forged before does on every real machine)."""

import torch
from torch import nn


def make_model():
    torch.manual_seed(0)
    return nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 4))


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model = make_model().to(device)
    x = torch.arange(64 * 16, dtype=torch.float32).reshape(64, 16).sin()
    marker = torch.zeros(1, device=device)  # kept, so both versions do the same work
    x = x.to(device)
    out = model(x)
    return {"out": out}
