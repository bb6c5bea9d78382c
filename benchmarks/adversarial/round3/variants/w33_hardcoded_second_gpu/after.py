"""Wrong after: "fixes" the mismatch by putting everything on a hard-coded cuda:1. On a machine with
one GPU (most of them) `cuda:1` is an invalid device ordinal; the emulated machine has two."""

import torch
from torch import nn


def make_model():
    torch.manual_seed(0)
    return nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 4))


def run():
    device = torch.device("cuda:1" if torch.cuda.is_available() else "cpu")
    model = make_model().to(device)
    x = torch.arange(64 * 16, dtype=torch.float32, device=device).reshape(64, 16).sin()
    out = model(x)
    return {"out": out}
