"""A feed-forward stack whose layers compute in the dtype of their input (as adapter and
quantisation layers often do), fed float64 data.

Nothing fails: every matmul silently runs in double precision, about half the speed of float32 on a
CPU and much slower on most GPUs, for precision the float32 weights do not have.
"""

import torch
from torch import nn
import torch.nn.functional as F

WIDTH = 384
DEPTH = 4


class InputDtypeLinear(nn.Linear):
    """A linear layer that casts its weights to the input's dtype instead of the other way round."""

    def forward(self, x):
        return F.linear(x, self.weight.to(x.dtype), self.bias.to(x.dtype))


class FeedForward(nn.Module):
    def __init__(self, width=WIDTH, depth=DEPTH):
        super().__init__()
        self.layers = nn.ModuleList(InputDtypeLinear(width, width) for _ in range(depth))

    def forward(self, x):
        for layer in self.layers:
            x = torch.tanh(layer(x))
        return x


def run():
    model = FeedForward()
    batch = torch.randn(256, WIDTH).double()
    with torch.no_grad():
        for _ in range(4):
            out = model(batch)
    return {"out": out}
