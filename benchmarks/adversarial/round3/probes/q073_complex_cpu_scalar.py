"""a complex GPU tensor times a CPU 0-dim complex

EXPECT: cuda:0
SOURCE: https://github.com/pytorch/pytorch/blob/main/aten/src/ATen/TensorIterator.cpp (CPU scalars beside device tensors; others must share the device)
FAMILY: complex
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

r = (torch.ones(2, dtype=torch.complex64, device='cuda') * torch.tensor(2j)).device
print('RESULT:', r)
