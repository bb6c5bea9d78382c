"""an event never recorded has completed

EXPECT: True
SOURCE: https://github.com/pytorch/pytorch/blob/main/aten/src/ATen/cuda/CUDAEvent.h (query: if (!is_created_) return true)
FAMILY: streams and events
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

r = torch.cuda.Event().query()
print('RESULT:', r)
