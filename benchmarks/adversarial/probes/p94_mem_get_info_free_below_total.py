"""mem_get_info(): free memory is below total once a context exists.

EXPECT: True
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.cuda.mem_get_info.html (cudaMemGetInfo)
FAMILY: torch.cuda memory queries
"""

import torch


def outcome(fn):
    """The value fn returns, or the name of the exception it raises."""
    try:
        return fn()
    except Exception as exc:  # the probe reports what was raised
        return type(exc).__name__

x = torch.empty(1 << 20, device='cuda')
free, total = torch.cuda.mem_get_info()
print('RESULT:', free < total)
