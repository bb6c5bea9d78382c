"""Before: a float64 model on the device fed a float64 batch made on the host (DEV001 mismatch)."""

import torch
from torch import nn


def make_model():
    torch.manual_seed(0)
    return nn.Linear(4, 4).double()


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model = make_model().to(device)
    x = torch.linspace(-1, 1, 64, dtype=torch.float64).reshape(16, 4)
    with torch.no_grad():
        out = model(x)
    return {"out": out}
