"""Wrong after: the float32 fix, but it recomputes the forward pass 40 times per step (and wastes the
result): measurably slower than before, while the float64 count still falls."""

import torch
from torch import nn
import torch.nn.functional as F


class InputDtypeLinear(nn.Linear):
    def forward(self, x):
        return F.linear(x, self.weight.to(x.dtype), self.bias.to(x.dtype))


def run():
    torch.manual_seed(0)
    model = nn.Sequential(*[InputDtypeLinear(128, 128) for _ in range(3)])
    batch = torch.randn(128, 128).float()
    with torch.no_grad():
        for _ in range(3):
            for _ in range(40):
                out = torch.tanh(model(batch))
    return {"out": out}
