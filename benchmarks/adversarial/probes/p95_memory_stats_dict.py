"""memory_stats() is a dict with allocator counters.

EXPECT: True
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.cuda.memory_stats.html
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
print('RESULT:', outcome(lambda: torch.cuda.memory_stats()['allocated_bytes.all.current'] > 0))
