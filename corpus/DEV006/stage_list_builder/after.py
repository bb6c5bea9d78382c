"""Negative case: a builder returns its stages as a plain Python list, stage i on GPU `i % n`, and
the caller runs them one by one, moving the activations itself.

There is no single nn.Module to wrap in DistributedDataParallel and no single call to route through
it, so DEV006 reports the placement and says why it is not rewritten; the file stays as it is.
"""

import torch
from torch import nn


def build_stages(width=6, depth=3):
    n = torch.cuda.device_count()
    stages = []
    for i in range(depth):
        stage = nn.Sequential(nn.Linear(width, width), nn.ReLU())
        if n:
            stage = stage.cuda(i % n)
        stages.append(stage)
    return stages


def main():
    torch.manual_seed(2)
    stages = build_stages()
    x = torch.randn(5, 6)
    for stage in stages:
        x = stage(x.to(next(stage.parameters()).device))
    return {"out": x.cpu()}


def run():
    return main()


if __name__ == "__main__":
    main()
