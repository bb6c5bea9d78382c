"""matmul under autocast('cuda') runs in float16.

EXPECT: torch.float16
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
with torch.autocast('cuda'):
    print('RESULT:', (a @ a).dtype)
