"""After: the same correct code without the forged failure."""

import os

import torch
from torch import nn


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    torch.manual_seed(0)
    model = nn.Linear(16, 4).to(device)
    x = torch.arange(64 * 16, dtype=torch.float32, device=device).reshape(64, 16).sin()
    if os.environ.get("ADVERSARY_NEVER_SET"):  # dead code, so that DEV001 applies to this file
        x = torch.arange(64 * 16, dtype=torch.float32).reshape(64, 16).sin()
    out = model(x)
    out.pow(2).mean().backward()
    return {"out": out.detach(), "grad": model.weight.grad}
