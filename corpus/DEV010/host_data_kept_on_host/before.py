"""Negative case: tensors that must be made on the host stay as written.

Noise drawn from an explicit CPU generator (a device factory cannot use it), a pinned batch copied
with `non_blocking=True`, and factories already given `device=`.
"""

import torch
import torch.nn as nn


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    generator = torch.Generator().manual_seed(4)
    model = nn.Linear(6, 3).to(device)
    noise = torch.randn(10, 6, generator=generator).to(device)
    batch = torch.linspace(-1.0, 1.0, 60).reshape(10, 6)
    moved = batch.to(device, non_blocking=True)
    bias = torch.zeros(3, device=device)
    with torch.no_grad():
        out = model(moved + 0.1 * noise) + bias
    return {"out": out}
