"""a non_blocking copy from pageable memory: one copy, no sync reported

EXPECT: cuda:0 COUNTS: h2d=1 d2h=0 syncs=0
SOURCE: https://github.com/pytorch/pytorch/blob/main/aten/src/ATen/native/cuda/Copy.cu (non_blocking: cudaMemcpyAsync, no memcpy_and_sync)
FAMILY: pinned memory and non_blocking
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

r = torch.ones(4).to('cuda', non_blocking=True).device
print('RESULT:', r)
