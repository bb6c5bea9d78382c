"""Wrong after: DEV002 asks for float32; this keeps every float64 operation but runs them in NumPy,
where the harness does not count them ("float64 operations N -> 0"), and is no faster."""

import numpy as np
import torch
from torch import nn
import torch.nn.functional as F


class InputDtypeLinear(nn.Linear):
    def forward(self, x):
        return F.linear(x, self.weight.to(x.dtype), self.bias.to(x.dtype))


def run():
    torch.manual_seed(0)
    model = nn.Sequential(*[InputDtypeLinear(128, 128) for _ in range(3)])
    batch = torch.randn(128, 128).numpy().astype(np.float64)
    layers = [(m.weight.detach().numpy().astype(np.float64), m.bias.detach().numpy().astype(np.float64))
              for m in model]
    for _ in range(3):
        h = batch
        for w, b in layers:
            h = h @ w.T + b
        out = np.tanh(h)
    return {"out": torch.from_numpy(out)}
