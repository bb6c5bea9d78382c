"""int32 CUDA + int64 CPU 0-dim stays int32.

EXPECT: torch.int32 cuda:0
SOURCE: https://docs.pytorch.org/docs/stable/tensor_attributes.html#type-promotion-doc ((int_tensor + long_zerodim).dtype is torch.int32)
FAMILY: dtype promotion across devices
"""

import torch


def outcome(fn):
    """The value fn returns, or the name of the exception it raises."""
    try:
        return fn()
    except Exception as exc:  # the probe reports what was raised
        return type(exc).__name__

r = torch.ones(2, device='cuda', dtype=torch.int32) + torch.tensor(1, dtype=torch.int64)
print('RESULT:', r.dtype, r.device)
