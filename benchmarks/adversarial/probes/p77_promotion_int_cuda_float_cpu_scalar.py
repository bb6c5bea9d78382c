"""int64 CUDA + float64 CPU 0-dim: a higher-category zero-dim operand promotes to its own size (float64), not the default dtype.

EXPECT: torch.float64 cuda:0
SOURCE: https://docs.pytorch.org/docs/stable/tensor_attributes.html#type-promotion-doc
FAMILY: dtype promotion across devices
"""

import torch


def outcome(fn):
    """The value fn returns, or the name of the exception it raises."""
    try:
        return fn()
    except Exception as exc:  # the probe reports what was raised
        return type(exc).__name__

r = torch.ones(2, device='cuda', dtype=torch.int64) + torch.tensor(1.5, dtype=torch.float64)
print('RESULT:', r.dtype, r.device)
