"""get_device_properties(0).total_memory is positive.

EXPECT: True
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.cuda.get_device_properties.html
FAMILY: torch.cuda memory queries
"""

import torch


def outcome(fn):
    """The value fn returns, or the name of the exception it raises."""
    try:
        return fn()
    except Exception as exc:  # the probe reports what was raised
        return type(exc).__name__

print('RESULT:', torch.cuda.get_device_properties(0).total_memory > 0)
