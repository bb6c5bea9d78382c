"""A CUDA build reports its CUDA version; cuDNN is available.

EXPECT: True True
SOURCE: https://docs.pytorch.org/docs/stable/backends.html#torch.backends.cudnn.is_available
FAMILY: torch.cuda memory queries
"""

import torch


def outcome(fn):
    """The value fn returns, or the name of the exception it raises."""
    try:
        return fn()
    except Exception as exc:  # the probe reports what was raised
        return type(exc).__name__

print('RESULT:', torch.version.cuda is not None, torch.backends.cudnn.is_available())
