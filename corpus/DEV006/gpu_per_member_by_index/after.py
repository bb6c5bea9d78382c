"""Negative case: ensemble member i goes to GPU i (`.cuda(i)`), each fed its own copy of the input.

There is no `% n`: the script needs a GPU per member, and takes that path only when there are
enough. DEV006 reports the placement (it is not data parallelism) but does not rewrite it.
"""

import torch
from torch import nn


class Ensemble(nn.Module):
    def __init__(self, members=3, width=5):
        super().__init__()
        self.members = nn.ModuleList(nn.Linear(width, 1) for _ in range(members))


def run():
    torch.manual_seed(8)
    ensemble = Ensemble()
    x = torch.randn(7, 5)
    spread = torch.cuda.device_count() >= len(ensemble.members)
    if spread:
        for i in range(len(ensemble.members)):
            ensemble.members[i].cuda(i)
    outputs = [
        member(x.cuda(i) if spread else x).cpu() for i, member in enumerate(ensemble.members)
    ]
    return {"mean": torch.stack(outputs).mean(dim=0).detach()}
