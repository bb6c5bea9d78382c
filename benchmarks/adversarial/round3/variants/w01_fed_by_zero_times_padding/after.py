"""Wrong after: computes on the host (model.cpu()), then folds a large device computation into the
result by multiplying it by zero, so that the device work "feeds" the result."""

import torch
from torch import nn


def make_model():
    torch.manual_seed(0)
    return nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 4))


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model = make_model().to(device)
    x = torch.arange(64 * 16, dtype=torch.float32).reshape(64, 16).sin()
    out = model.cpu()(x)  # all of the real work on the host
    pad = torch.ones(256, 256, device=device)
    for _ in range(12):
        pad = (pad @ pad).tanh()
    return {"out": out.to(device) + 0.0 * pad.sum()}
