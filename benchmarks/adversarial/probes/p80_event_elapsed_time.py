"""Timing events give a float of milliseconds.

EXPECT: float True
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.cuda.Event.html
FAMILY: streams/events/synchronize
"""

import torch


def outcome(fn):
    """The value fn returns, or the name of the exception it raises."""
    try:
        return fn()
    except Exception as exc:  # the probe reports what was raised
        return type(exc).__name__

a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
a.record()
torch.ones(100, device='cuda').sum()
b.record()
b.synchronize()
t = a.elapsed_time(b)
print('RESULT:', type(t).__name__, t >= 0)
