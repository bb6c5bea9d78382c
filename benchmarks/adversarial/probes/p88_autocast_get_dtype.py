"""torch.get_autocast_dtype('cuda') inside autocast(bfloat16) is bfloat16.

EXPECT: torch.bfloat16
SOURCE: https://docs.pytorch.org/docs/stable/amp.html (torch.get_autocast_dtype)
FAMILY: AMP autocast
"""

import torch


def outcome(fn):
    """The value fn returns, or the name of the exception it raises."""
    try:
        return fn()
    except Exception as exc:  # the probe reports what was raised
        return type(exc).__name__

with torch.autocast('cuda', dtype=torch.bfloat16):
    print('RESULT:', torch.get_autocast_dtype('cuda'))
