"""DEV007 base: hard-coded `.cuda()` (fails on a CPU-only machine)."""

import torch
from torch import nn


def run():
    torch.manual_seed(0)
    model = nn.Linear(8, 3).cuda()
    x = torch.linspace(-1, 1, 32).reshape(4, 8).cuda()
    return {"out": model(x)}
