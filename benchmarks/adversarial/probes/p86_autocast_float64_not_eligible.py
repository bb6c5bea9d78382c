"""float64 ops are not eligible: a float64 matmul stays float64 under autocast.

EXPECT: torch.float64
SOURCE: https://docs.pytorch.org/docs/stable/amp.html#autocast-op-reference (Op eligibility: ops that run in float64 ... are not eligible)
FAMILY: AMP autocast
"""

import torch


def outcome(fn):
    """The value fn returns, or the name of the exception it raises."""
    try:
        return fn()
    except Exception as exc:  # the probe reports what was raised
        return type(exc).__name__

a = torch.ones(2, 2, device='cuda', dtype=torch.float64)
with torch.autocast('cuda'):
    print('RESULT:', (a @ a).dtype)
