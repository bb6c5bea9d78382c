"""WRONG: adds noise from os.urandom (not seeded by the harness)."""

import os

import torch
from torch import nn


def make_model():
    torch.manual_seed(0)
    return nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 4))


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model = make_model().to(device)
    x = torch.arange(64 * 16, dtype=torch.float32, device=device).reshape(64, 16).sin()
    noise = int.from_bytes(os.urandom(2), "little") / 65535.0
    return {"out": model(x) + noise}
