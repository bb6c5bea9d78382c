"""masked_fill with a CPU 0-dim value tensor on a CUDA tensor works (the value is read as a scalar).

EXPECT: [0.0, 5.0]
SOURCE: https://github.com/pytorch/pytorch/blob/main/aten/src/ATen/native/cuda/Indexing.cu (masked_fill__cuda(..., const Tensor& value): value.item())
FAMILY: scalars
"""

import torch


def outcome(fn):
    """The value fn returns, or the name of the exception it raises."""
    try:
        return fn()
    except Exception as exc:  # the probe reports what was raised
        return type(exc).__name__

x = torch.zeros(2, device='cuda')
print('RESULT:', x.masked_fill(torch.tensor([False, True], device='cuda'), torch.tensor(5.0)).tolist())
