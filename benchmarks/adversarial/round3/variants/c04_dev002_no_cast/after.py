"""Correct after: the batch stays float32 (the `.double()` is gone), the layers follow its dtype."""

import torch
from torch import nn
import torch.nn.functional as F


class InputDtypeLinear(nn.Linear):
    def forward(self, x):
        return F.linear(x, self.weight.to(x.dtype), self.bias.to(x.dtype))


def run():
    torch.manual_seed(0)
    model = nn.Sequential(*[InputDtypeLinear(128, 128) for _ in range(3)])
    batch = torch.randn(128, 128)
    with torch.no_grad():
        for _ in range(3):
            out = torch.tanh(model(batch))
    return {"out": out}
