"""x.cpu() of a CUDA tensor is a blocking copy: one device-to-host copy and one sync.

EXPECT: cpu COUNTS: h2d=0 d2h=1 syncs=1
SOURCE: https://docs.pytorch.org/tutorials/recipes/recipes/tuning_guide.html#avoid-unnecessary-cpu-gpu-synchronization; https://github.com/pytorch/pytorch/blob/main/c10/cuda/CUDAFunctions.h (stream_synchronize: warn_or_error_on_sync)
FAMILY: .item()/sync points
"""

import torch


def outcome(fn):
    """The value fn returns, or the name of the exception it raises."""
    try:
        return fn()
    except Exception as exc:  # the probe reports what was raised
        return type(exc).__name__

print('RESULT:', torch.ones(3, device='cuda').cpu().device)
