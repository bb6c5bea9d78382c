"""memory_summary() returns a printable table.

EXPECT: str
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.cuda.memory_summary.html
FAMILY: torch.cuda memory queries
"""

import torch


def outcome(fn):
    """The value fn returns, or the name of the exception it raises."""
    try:
        return fn()
    except Exception as exc:  # the probe reports what was raised
        return type(exc).__name__

print('RESULT:', outcome(lambda: type(torch.cuda.memory_summary()).__name__))
