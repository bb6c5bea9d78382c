"""isinstance(cuda float tensor, torch.cuda.FloatTensor) holds.

EXPECT: True False
SOURCE: https://docs.pytorch.org/docs/stable/tensors.html (legacy CUDA tensor types)
FAMILY: repr/storage
"""

import torch


def outcome(fn):
    """The value fn returns, or the name of the exception it raises."""
    try:
        return fn()
    except Exception as exc:  # the probe reports what was raised
        return type(exc).__name__

x = torch.ones(2, device='cuda')
print('RESULT:', isinstance(x, torch.cuda.FloatTensor), isinstance(torch.ones(2), torch.cuda.FloatTensor))
