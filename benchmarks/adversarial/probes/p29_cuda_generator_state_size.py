"""A CUDA generator's state is 16 bytes (Philox seed + offset).

EXPECT: 16 torch.uint8
SOURCE: https://github.com/pytorch/pytorch/blob/main/aten/src/ATen/cuda/CUDAGeneratorImpl.cpp (get_state: seed_size + offset_size)
FAMILY: factories with generators
"""

import torch


def outcome(fn):
    """The value fn returns, or the name of the exception it raises."""
    try:
        return fn()
    except Exception as exc:  # the probe reports what was raised
        return type(exc).__name__

s = torch.cuda.get_rng_state()
print('RESULT:', s.numel(), s.dtype)
