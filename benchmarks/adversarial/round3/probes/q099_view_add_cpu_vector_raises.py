"""add_ of a CPU vector into a GPU view raises

EXPECT: RuntimeError
SOURCE: https://github.com/pytorch/pytorch/blob/main/aten/src/ATen/TensorIterator.cpp (CPU scalars beside device tensors; others must share the device)
FAMILY: in-place ops on views
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

x = torch.zeros(4, device='cuda')
r = attempt(lambda: x[1:3].add_(torch.ones(2)))
print('RESULT:', r)
