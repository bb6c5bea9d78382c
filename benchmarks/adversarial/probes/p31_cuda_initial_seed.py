"""torch.manual_seed seeds the GPU too: cuda.initial_seed() returns it.

EXPECT: 7
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.manual_seed.html
FAMILY: factories with generators
"""

import torch


def outcome(fn):
    """The value fn returns, or the name of the exception it raises."""
    try:
        return fn()
    except Exception as exc:  # the probe reports what was raised
        return type(exc).__name__

torch.manual_seed(7)
print('RESULT:', torch.cuda.initial_seed())
