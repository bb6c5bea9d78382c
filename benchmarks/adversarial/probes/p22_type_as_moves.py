"""cpu.type_as(cuda) moves to the GPU (it is self.type(other.type())).

EXPECT: cuda:0 torch.float16
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.Tensor.type_as.html
FAMILY: *_as methods
"""

import torch


def outcome(fn):
    """The value fn returns, or the name of the exception it raises."""
    try:
        return fn()
    except Exception as exc:  # the probe reports what was raised
        return type(exc).__name__

t = torch.ones(2).type_as(torch.ones(2, device='cuda', dtype=torch.float16))
print('RESULT:', t.device, t.dtype)
