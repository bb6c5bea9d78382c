"""Before: a metrics vector (large sums and means, small variances), model on the device, batch on the
host (DEV001 mismatch)."""

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
    metrics = torch.cat([out.abs().sum(0) * 1e5, out.abs().mean(0) * 1e5, out.var(0)])
    return {"metrics": metrics}
