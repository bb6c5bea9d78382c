"""one float32 element allocates one 512-byte block

EXPECT: 512
SOURCE: https://github.com/pytorch/pytorch/blob/main/c10/cuda/CUDACachingAllocator.cpp (kMinBlockSize = 512: sizes round up)
FAMILY: torch.cuda.memory_*
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

before = torch.cuda.memory_allocated()
x = torch.empty(1, device='cuda')
r = torch.cuda.memory_allocated() - before
print('RESULT:', r)
