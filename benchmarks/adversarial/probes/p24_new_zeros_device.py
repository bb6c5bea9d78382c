"""cuda.new_zeros(...) is on the GPU.

EXPECT: cuda:0
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.Tensor.new_zeros.html (same torch.device as this tensor)
FAMILY: *_as methods
"""

import torch


def outcome(fn):
    """The value fn returns, or the name of the exception it raises."""
    try:
        return fn()
    except Exception as exc:  # the probe reports what was raised
        return type(exc).__name__

print('RESULT:', torch.ones(2, device='cuda').new_zeros(3).device)
