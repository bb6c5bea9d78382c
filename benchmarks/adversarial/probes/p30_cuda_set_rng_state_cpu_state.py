"""Loading the CPU generator's state (5056 bytes) into a CUDA generator raises.

EXPECT: RuntimeError
SOURCE: https://github.com/pytorch/pytorch/blob/main/aten/src/ATen/cuda/CUDAGeneratorImpl.cpp (set_state: TORCH_CHECK(new_state_size == total_size ..., "RNG state is wrong size"))
FAMILY: factories with generators
"""

import torch


def outcome(fn):
    """The value fn returns, or the name of the exception it raises."""
    try:
        return fn()
    except Exception as exc:  # the probe reports what was raised
        return type(exc).__name__

print('RESULT:', outcome(lambda: torch.cuda.set_rng_state(torch.get_rng_state())))
