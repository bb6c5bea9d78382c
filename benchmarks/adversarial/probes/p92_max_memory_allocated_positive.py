"""max_memory_allocated() records the peak.

EXPECT: True
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.cuda.max_memory_allocated.html
FAMILY: torch.cuda memory queries
"""

import torch


def outcome(fn):
    """The value fn returns, or the name of the exception it raises."""
    try:
        return fn()
    except Exception as exc:  # the probe reports what was raised
        return type(exc).__name__

x = torch.empty(1 << 20, device='cuda')
del x
print('RESULT:', torch.cuda.max_memory_allocated() >= 4 << 20)
