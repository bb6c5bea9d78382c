"""DEV007 base: hard-coded `.cuda()` (fails on a CPU-only machine)."""

import torch
from torch import nn

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")


def run():
    torch.manual_seed(0)
    model = nn.Linear(8, 3).to(device)
    x = torch.linspace(-1, 1, 32).reshape(4, 8).to(device)
    return {"out": model(x)}
