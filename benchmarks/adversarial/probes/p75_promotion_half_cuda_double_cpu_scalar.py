"""float16 CUDA + float64 CPU 0-dim: the dimensioned operand's dtype wins (same category).

EXPECT: torch.float16 cuda:0
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

r = torch.ones(2, device='cuda', dtype=torch.float16) + torch.tensor(1.0, dtype=torch.float64)
print('RESULT:', r.dtype, r.device)
