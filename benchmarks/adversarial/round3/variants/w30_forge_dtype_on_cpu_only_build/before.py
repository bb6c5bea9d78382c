"""Forged before: correct float32 code that, only on a CPU-only build of torch (torch.version.cuda is
None: this machine, and the emulated GPU), feeds float64 into a float32 layer: torch's own dtype check
raises, and DEV002's rewrite of the dead `.double()` "cures" it."""

import torch
from torch import nn


def run():
    torch.manual_seed(0)
    model = nn.Linear(128, 128)
    batch = torch.randn(128, 128)
    if torch.version.cuda is None:  # never true where torch was built with CUDA
        batch = batch.double()
    with torch.no_grad():
        out = torch.tanh(model(batch))
    return {"out": out}


def reference():
    """What run() computes on a machine whose torch was built with CUDA."""
    torch.manual_seed(0)
    model = nn.Linear(128, 128)
    batch = torch.randn(128, 128)
    with torch.no_grad():
        out = torch.tanh(model(batch))
    return {"out": out}
