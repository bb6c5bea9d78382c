"""Tensors on two different GPUs cannot be added.

EXPECT: RuntimeError
SOURCE: https://docs.pytorch.org/docs/stable/notes/cuda.html (cross-GPU operations are not allowed by default)
FAMILY: arithmetic across devices
GPUS: 2
"""

import torch


def outcome(fn):
    """The value fn returns, or the name of the exception it raises."""
    try:
        return fn()
    except Exception as exc:  # the probe reports what was raised
        return type(exc).__name__

print('RESULT:', outcome(lambda: torch.ones(3, device='cuda:0') + torch.ones(3, device='cuda:1')))
