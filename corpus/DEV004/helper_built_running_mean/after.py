"""A centring layer that tracks a running mean, set up by a `reset` method that `__init__` calls.

`forward` updates the running mean with every batch. It is a plain attribute, made by the helper,
so `.to(device)` leaves it on the CPU. Registered where the helper sets it, it is a buffer, and the
update in `forward` keeps it one.
"""

import torch
import torch.nn as nn


class RunningCentre(nn.Module):
    def __init__(self, features=5, momentum=0.1):
        super().__init__()
        self.momentum = momentum
        self.linear = nn.Linear(features, features)
        self.reset(features)

    def reset(self, features):
        self.register_buffer("mean", torch.zeros(features), persistent=False)

    def forward(self, x):
        h = self.linear(x)
        if self.training:
            self.mean = (1 - self.momentum) * self.mean + self.momentum * h.mean(0).detach()
        return h - self.mean


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    layer = RunningCentre().to(device)
    outputs = [layer(torch.randn(8, 5, device=device)) for _ in range(3)]
    return {"last": outputs[-1].detach(), "mean": layer.mean}
