"""Before: per-class mean outputs where one class has no member (its mean is NaN, as intended: "no
data"); model on the device, batch on the host (DEV001 mismatch)."""

import torch
from torch import nn


def make_model():
    torch.manual_seed(0)
    return nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 4))


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model = make_model().to(device)
    x = torch.arange(64 * 16, dtype=torch.float32).reshape(64, 16).sin()
    out = model(x)
    labels = torch.arange(64, device=device) % 3  # classes 0, 1, 2; class 3 is empty
    means = torch.stack([out[labels == c].mean(0) for c in range(4)])
    return {"out": out, "class_means": means}
