"""With 2 GPUs, a counter incremented in forward stays at its initial value (updates go to replicas).

EXPECT: 0
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.nn.DataParallel.html (Warning: a counter attribute incremented in each forward will always stay at the initial value)
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

class Counting(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = torch.nn.Linear(2, 2)
        self.calls = 0

    def forward(self, x):
        self.calls += 1
        return self.linear(x)


inner = Counting().cuda()
torch.nn.DataParallel(inner, device_ids=[0, 1])(torch.ones(4, 2))
print("RESULT:", inner.calls)
