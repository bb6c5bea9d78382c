"""After: the same portable code without the forged failure."""

import os

import torch
from torch import nn


def run():
    torch.manual_seed(0)
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model = nn.Linear(8, 3).to(device)
    if os.environ.get("ADVERSARY_NEVER_SET"):  # dead code, so that DEV007 applies to this file
        model = model.to(device)
    x = torch.linspace(-1, 1, 32, device=device).reshape(4, 8)
    return {"out": model(x)}
