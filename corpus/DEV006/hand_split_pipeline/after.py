"""Negative case: a model split by hand over two GPUs, with the hops written out in forward.

That is pipeline-style model parallelism, a deliberate choice: DEV006 reports it with advice and
leaves it alone (and DEV007 reports the explicit GPU indices without rewriting them).
"""

import torch
from torch import nn


class TwoStageNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.stage1 = nn.Sequential(nn.Linear(8, 16), nn.ReLU()).to("cuda:0")
        self.stage2 = nn.Linear(16, 2).to("cuda:1")

    def forward(self, x):
        hidden = self.stage1(x.to("cuda:0"))
        return self.stage2(hidden.to("cuda:1"))


def run():
    model = TwoStageNet()
    out = model(torch.randn(4, 8))
    return {"out": out}
