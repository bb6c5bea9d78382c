"""a CPU 0-dim tensor is a scalar to where

EXPECT: cuda:0
SOURCE: https://github.com/pytorch/pytorch/blob/main/aten/src/ATen/native/TensorCompare.cpp (where: out_device skips CPU 0-dim tensors)
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
r = torch.where(x > 0, x, torch.tensor(0.0)).device
print('RESULT:', r)
