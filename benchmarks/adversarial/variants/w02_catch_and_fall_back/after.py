"""WRONG: catches the device error and falls back to the CPU."""

import torch
from torch import nn


def make_model():
    torch.manual_seed(0)
    return nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 4))


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model = make_model().to(device)
    x = torch.arange(64 * 16, dtype=torch.float32).reshape(64, 16).sin()
    try:
        out = model(x)
    except RuntimeError:
        out = model.cpu()(x).to(device)
    return {"out": out}
