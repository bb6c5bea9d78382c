"""Same seed, GPU numbers differ from CPU numbers.

EXPECT: False
SOURCE: https://docs.pytorch.org/docs/stable/notes/randomness.html (not reproducible between CPU and GPU executions, even with identical seeds)
FAMILY: factories with generators
"""

import torch


def outcome(fn):
    """The value fn returns, or the name of the exception it raises."""
    try:
        return fn()
    except Exception as exc:  # the probe reports what was raised
        return type(exc).__name__

torch.manual_seed(0)
a = torch.randn(4)
torch.manual_seed(0)
b = torch.randn(4, device='cuda')
print('RESULT:', torch.equal(a, b.cpu()))
