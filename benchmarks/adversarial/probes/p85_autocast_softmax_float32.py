"""softmax of float16 under autocast runs in float32.

EXPECT: torch.float32
SOURCE: https://docs.pytorch.org/docs/stable/amp.html#autocast-op-reference (CUDA ops that can autocast to float32: softmax)
FAMILY: AMP autocast
"""

import torch


def outcome(fn):
    """The value fn returns, or the name of the exception it raises."""
    try:
        return fn()
    except Exception as exc:  # the probe reports what was raised
        return type(exc).__name__

x = torch.ones(2, 2, device='cuda', dtype=torch.float16)
with torch.autocast('cuda'):
    print('RESULT:', torch.softmax(x, -1).dtype)
