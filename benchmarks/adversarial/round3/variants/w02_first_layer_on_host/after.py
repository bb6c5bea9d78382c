"""Wrong after: keeps the first (largest) layer on the host and only the rest on the device, and pads
the device's share of operations with work that feeds nothing."""

import copy

import torch
from torch import nn


def make_model():
    torch.manual_seed(0)
    return nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 4))


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model = make_model()
    first = copy.deepcopy(model[0])  # stays on the host
    model = model.to(device)
    x = torch.arange(64 * 16, dtype=torch.float32).reshape(64, 16).sin()
    hidden = first(x).to(device)
    out = model[2](model[1](hidden))
    side = torch.zeros(64, 64, device=device)
    for _ in range(30):
        side = side + 1  # dummy device operations: the share of operations goes up
    return {"out": out}
