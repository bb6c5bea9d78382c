"""A CPU draw with a CUDA generator raises.

EXPECT: RuntimeError
SOURCE: https://github.com/pytorch/pytorch/blob/main/aten/src/ATen/core/DistributionsHelper.h (check_generator: "Expected a '<type>' device type for generator but found '<type>'")
FAMILY: factories with generators
"""

import torch


def outcome(fn):
    """The value fn returns, or the name of the exception it raises."""
    try:
        return fn()
    except Exception as exc:  # the probe reports what was raised
        return type(exc).__name__

g = torch.Generator(device='cuda')
print('RESULT:', outcome(lambda: torch.randn(3, generator=g)))
