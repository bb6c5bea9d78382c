"""Assigning a CPU tensor to a slice of a CUDA tensor copies it over (copy_ crosses devices).

EXPECT: [1.0, 2.0, 0.0]
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.Tensor.copy_.html (src may reside on a different device)
FAMILY: in-place ops
"""

import torch


def outcome(fn):
    """The value fn returns, or the name of the exception it raises."""
    try:
        return fn()
    except Exception as exc:  # the probe reports what was raised
        return type(exc).__name__

x = torch.zeros(3, device='cuda')
x[0:2] = torch.tensor([1.0, 2.0])
print('RESULT:', x.tolist())
