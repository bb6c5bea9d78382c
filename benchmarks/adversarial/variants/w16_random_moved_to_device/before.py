"""DEV001 before: a random batch made on the CPU fed to a model on the device."""

import torch
from torch import nn


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 4)).to(device)
    x = torch.randn(64, 16)
    return {"out": model(x)}
