"""Before: the spectrum of a model's output (a complex result); model on the device, batch on the host."""

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
    return {"spectrum": torch.fft.rfft(out, dim=0)}
