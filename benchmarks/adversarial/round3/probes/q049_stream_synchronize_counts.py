"""Stream.synchronize() is a sync for sync debug mode

EXPECT: done COUNTS: h2d=0 d2h=0 syncs=1
SOURCE: https://github.com/pytorch/pytorch/blob/main/c10/cuda/CUDAFunctions.h (stream_synchronize: warn_or_error_on_sync); c10/cuda/CUDAStream.h
FAMILY: streams and events
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

torch.cuda.current_stream().synchronize()
r = 'done'
print('RESULT:', r)
