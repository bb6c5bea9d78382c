"""mul_ of a diagonal view by a CPU 0-dim tensor

EXPECT: [[3.0, 0.0], [0.0, 3.0]]
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

x = torch.eye(2, device='cuda')
x.diagonal().mul_(torch.tensor(3.0))
r = x.tolist()
print('RESULT:', r)
