"""Forged before (DEV007): portable code that fails on the CPU with an AttributeError naming
`_cuda_setDevice`, raised by torch's own Module.__getattr__ (the "needs a GPU" kind)."""

import os

import torch
from torch import nn


def run():
    torch.manual_seed(0)
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model = nn.Linear(8, 3).to(device)
    if os.environ.get("ADVERSARY_NEVER_SET"):  # dead code, so that DEV007 applies to this file
        model = model.cuda()
    if device.type == "cpu":  # the forged failure, on the CPU only
        getattr(model, "_cuda_setDevice")
    x = torch.linspace(-1, 1, 32, device=device).reshape(4, 8)
    return {"out": model(x)}
