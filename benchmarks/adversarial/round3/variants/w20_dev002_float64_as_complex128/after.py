"""Wrong after: DEV002 asks for float32; this computes in complex128 (twice float64's cost) and takes
the real part, so no float64 operation is counted while every operation is still double precision."""

import torch
from torch import nn


def run():
    torch.manual_seed(0)
    model = nn.Sequential(*[nn.Linear(128, 128) for _ in range(3)])
    batch = torch.randn(128, 128).to(torch.complex128)
    layers = [(m.weight.detach().to(torch.complex128), m.bias.detach().to(torch.complex128)) for m in model]
    with torch.no_grad():
        for _ in range(3):
            h = batch
            for w, b in layers:
                h = h @ w.T + b
            out = torch.tanh(h.real)
    return {"out": out}
