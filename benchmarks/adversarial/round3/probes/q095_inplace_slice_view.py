"""add_ on a slice writes through to the base

EXPECT: [0.0, 1.0, 1.0, 0.0]
SOURCE: https://docs.pytorch.org/docs/stable/tensor_view.html
FAMILY: in-place ops on views
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

x = torch.zeros(4, device='cuda')
x[1:3].add_(1)
r = x.tolist()
print('RESULT:', r)
