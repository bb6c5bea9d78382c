"""a non_blocking copy to the host is pinned

EXPECT: True
SOURCE: https://github.com/pytorch/pytorch/blob/main/aten/src/ATen/native/TensorConversions.cpp (_to_copy: pin_out for non_blocking CUDA->CPU)
FAMILY: pinned memory and non_blocking
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

r = torch.ones(4, device='cuda').to('cpu', non_blocking=True).is_pinned()
print('RESULT:', r)
