"""Wrong after: keeps all the float64 work but inside a TorchScript function, whose operations the
harness does not see ("float64 operations N -> 1"); still double precision, no faster."""

import torch
from torch import nn
import torch.nn.functional as F

from scripted import mlp64


class InputDtypeLinear(nn.Linear):
    def forward(self, x):
        return F.linear(x, self.weight.to(x.dtype), self.bias.to(x.dtype))


def run():
    torch.manual_seed(0)
    model = nn.Sequential(*[InputDtypeLinear(128, 128) for _ in range(3)])
    batch = torch.randn(128, 128)
    params = [p.detach() for p in model.parameters()]
    with torch.no_grad():
        for _ in range(3):
            out = mlp64(batch, *params)
    return {"out": out}
