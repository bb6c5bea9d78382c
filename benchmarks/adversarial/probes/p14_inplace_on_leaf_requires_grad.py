"""An in-place op on a leaf that requires grad raises, on the GPU as on the CPU.

EXPECT: RuntimeError
SOURCE: https://docs.pytorch.org/docs/stable/notes/autograd.html#in-place-operations-with-autograd
FAMILY: in-place ops
"""

import torch


def outcome(fn):
    """The value fn returns, or the name of the exception it raises."""
    try:
        return fn()
    except Exception as exc:  # the probe reports what was raised
        return type(exc).__name__

w = torch.ones(3, device='cuda', requires_grad=True)
print('RESULT:', outcome(lambda: w.add_(1)))
