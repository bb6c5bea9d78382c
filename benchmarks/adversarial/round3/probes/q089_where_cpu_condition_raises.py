"""a CPU 1-D condition with GPU values raises

EXPECT: RuntimeError
SOURCE: https://github.com/pytorch/pytorch/blob/main/aten/src/ATen/TensorIterator.cpp (CPU scalars beside device tensors; others must share the device)
FAMILY: torch.where with scalars
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

x = torch.ones(3, device='cuda')
r = attempt(lambda: torch.where(torch.ones(3) > 0, x, x))
print('RESULT:', r)
