"""autocast('cuda') does not cast CPU tensors.

EXPECT: torch.float32
SOURCE: https://docs.pytorch.org/docs/stable/amp.html#autocast-op-reference (autocast('cuda') affects CUDA ops)
FAMILY: AMP autocast
"""

import torch


def outcome(fn):
    """The value fn returns, or the name of the exception it raises."""
    try:
        return fn()
    except Exception as exc:  # the probe reports what was raised
        return type(exc).__name__

a = torch.ones(2, 2)
with torch.autocast('cuda'):
    print('RESULT:', (a @ a).dtype)
