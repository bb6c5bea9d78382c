"""torch.tensor(list, device='cuda') is one blocking host-to-device copy

EXPECT: cuda:0 COUNTS: h2d=1 d2h=0 syncs=1
SOURCE: https://github.com/pytorch/pytorch/blob/main/torch/csrc/utils/tensor_new.cpp (internal_new_from_data: built on the CPU, then .to(device)); c10/cuda/CUDAFunctions.h (memcpy_and_sync warns)
FAMILY: pinned memory and non_blocking
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

r = torch.tensor([1.0, 2.0], device='cuda').device
print('RESULT:', r)
