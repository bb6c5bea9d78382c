"""x.type() of a CUDA float tensor is 'torch.cuda.FloatTensor'.

EXPECT: torch.cuda.FloatTensor
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.Tensor.type.html
FAMILY: repr/storage
"""

import torch


def outcome(fn):
    """The value fn returns, or the name of the exception it raises."""
    try:
        return fn()
    except Exception as exc:  # the probe reports what was raised
        return type(exc).__name__

print('RESULT:', torch.ones(2, device='cuda').type())
