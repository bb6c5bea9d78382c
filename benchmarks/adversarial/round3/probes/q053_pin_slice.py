"""pinning a slice gives a pinned tensor

EXPECT: True
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

r = torch.ones(4)[1:].pin_memory().is_pinned()
print('RESULT:', r)
