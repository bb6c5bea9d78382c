"""WRONG proof (DEV002): keeps every float64 operation, but memoizes its result across calls; the
timing loop calls run() many times in one process, so after looks much faster."""

import torch
from torch import nn
import torch.nn.functional as F

_CACHE = {}


class InputDtypeLinear(nn.Linear):
    def forward(self, x):
        return F.linear(x, self.weight.to(x.dtype), self.bias.to(x.dtype))


def run():
    torch.manual_seed(0)
    if "out" in _CACHE:
        return {"out": _CACHE["out"]}
    model = nn.Sequential(*[InputDtypeLinear(128, 128) for _ in range(3)])
    batch = torch.randn(128, 128).double()
    with torch.no_grad():
        for _ in range(3):
            out = torch.tanh(model(batch))
    _CACHE["out"] = out
    return {"out": out}
