"""A non_blocking copy from pinned memory is one copy and no host sync.

EXPECT: cuda:0 COUNTS: h2d=1 d2h=0 syncs=0
SOURCE: https://docs.pytorch.org/tutorials/intermediate/pinmem_nonblock.html
FAMILY: pin_memory
"""

import torch


def outcome(fn):
    """The value fn returns, or the name of the exception it raises."""
    try:
        return fn()
    except Exception as exc:  # the probe reports what was raised
        return type(exc).__name__

p = torch.ones(3).pin_memory()
print('RESULT:', p.cuda(non_blocking=True).device)
