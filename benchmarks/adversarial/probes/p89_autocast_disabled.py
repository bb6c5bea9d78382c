"""autocast('cuda', enabled=False) leaves matmul in float32.

EXPECT: torch.float32
SOURCE: https://docs.pytorch.org/docs/stable/amp.html#autocast-op-reference
FAMILY: AMP autocast
"""

import torch


def outcome(fn):
    """The value fn returns, or the name of the exception it raises."""
    try:
        return fn()
    except Exception as exc:  # the probe reports what was raised
        return type(exc).__name__

a = torch.ones(2, 2, device='cuda')
with torch.autocast('cuda', enabled=False):
    print('RESULT:', (a @ a).dtype)
