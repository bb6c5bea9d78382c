"""gather on a CUDA tensor with a CPU index raises.

EXPECT: RuntimeError
SOURCE: https://docs.pytorch.org/docs/stable/notes/cuda.html
FAMILY: indexing with CPU indices
"""

import torch


def outcome(fn):
    """The value fn returns, or the name of the exception it raises."""
    try:
        return fn()
    except Exception as exc:  # the probe reports what was raised
        return type(exc).__name__

print('RESULT:', outcome(lambda: torch.arange(5.0, device='cuda').gather(0, torch.tensor([0, 1]))))
