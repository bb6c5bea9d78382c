"""arithmetic on a pinned tensor is pageable

EXPECT: False
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.Tensor.pin_memory.html
FAMILY: pinned memory and non_blocking
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

r = (torch.ones(4).pin_memory() + 1).is_pinned()
print('RESULT:', r)
