"""elapsed_time without enable_timing raises

EXPECT: RuntimeError
SOURCE: https://github.com/pytorch/pytorch/blob/main/aten/src/ATen/cuda/CUDAEvent.h (elapsed_time: both events need enable_timing)
FAMILY: streams and events
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

a, b = torch.cuda.Event(), torch.cuda.Event()
a.record(); b.record(); b.synchronize()
r = attempt(lambda: a.elapsed_time(b))
print('RESULT:', r)
