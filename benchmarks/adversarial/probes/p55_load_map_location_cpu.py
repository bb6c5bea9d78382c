"""map_location='cpu' loads onto the CPU.

EXPECT: cpu
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.load.html
FAMILY: save/load with map_location
"""

import torch


def outcome(fn):
    """The value fn returns, or the name of the exception it raises."""
    try:
        return fn()
    except Exception as exc:  # the probe reports what was raised
        return type(exc).__name__

import io
b = io.BytesIO()
torch.save(torch.ones(2, device='cuda'), b)
b.seek(0)
print('RESULT:', torch.load(b, map_location='cpu').device)
