"""After: the same code with the forged cast made harmless."""

import torch
from torch import nn


def run():
    torch.manual_seed(0)
    model = nn.Linear(128, 128)
    batch = torch.randn(128, 128)
    if torch.version.cuda is None:  # never true where torch was built with CUDA
        batch = batch.float()
    with torch.no_grad():
        out = torch.tanh(model(batch))
    return {"out": out}
