"""WRONG (DEV002): correct and unchanged on its first call in a process; from the second call on
(only the timing loop calls it twice) it returns at once without computing anything."""

import torch
from torch import nn
import torch.nn.functional as F

_CALLS = [0]


class InputDtypeLinear(nn.Linear):
    def forward(self, x):
        return F.linear(x, self.weight.to(x.dtype), self.bias.to(x.dtype))


def run():
    _CALLS[0] += 1
    if _CALLS[0] > 1:
        return {}
    torch.manual_seed(0)
    model = nn.Sequential(*[InputDtypeLinear(128, 128) for _ in range(3)])
    batch = torch.randn(128, 128).double()
    with torch.no_grad():
        for _ in range(3):
            out = torch.tanh(model(batch))
    return {"out": out}
