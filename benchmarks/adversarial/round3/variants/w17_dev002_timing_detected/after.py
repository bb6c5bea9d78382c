"""Wrong after: computes exactly what before does (float64) in the judged phases, but recognises the
timing process by its module name and returns a constant there: a "speed-up" of nothing."""

import torch
from torch import nn
import torch.nn.functional as F


class InputDtypeLinear(nn.Linear):
    def forward(self, x):
        return F.linear(x, self.weight.to(x.dtype), self.bias.to(x.dtype))


def run():
    if "timing" in __name__:
        return {"out": torch.zeros(128, 128, dtype=torch.float64)}
    torch.manual_seed(0)
    model = nn.Sequential(*[InputDtypeLinear(128, 128) for _ in range(3)])
    batch = torch.randn(128, 128).double()
    with torch.no_grad():
        for _ in range(3):
            out = torch.tanh(model(batch))
    return {"out": out}
