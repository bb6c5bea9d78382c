"""A CUDA tensor's storage is on the GPU.

EXPECT: cuda:0
SOURCE: https://docs.pytorch.org/docs/stable/storage.html (UntypedStorage.device)
FAMILY: repr/storage
"""

import torch


def outcome(fn):
    """The value fn returns, or the name of the exception it raises."""
    try:
        return fn()
    except Exception as exc:  # the probe reports what was raised
        return type(exc).__name__

print('RESULT:', torch.ones(2, device='cuda').untyped_storage().device)
