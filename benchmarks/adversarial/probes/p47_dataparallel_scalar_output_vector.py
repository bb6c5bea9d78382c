"""With 2 GPUs, a module returning a 0-dim tensor gives a vector with one entry per GPU.

EXPECT: (2,)
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.nn.DataParallel.html (When module returns a scalar ... a vector of length equal to number of devices)
FAMILY: DataParallel
GPUS: 2
"""

import torch


def outcome(fn):
    """The value fn returns, or the name of the exception it raises."""
    try:
        return fn()
    except Exception as exc:  # the probe reports what was raised
        return type(exc).__name__

class Loss(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = torch.nn.Linear(2, 2)

    def forward(self, x):
        return self.linear(x).sum()


out = torch.nn.DataParallel(Loss().cuda(), device_ids=[0, 1])(torch.ones(4, 2))
print("RESULT:", tuple(out.shape))
