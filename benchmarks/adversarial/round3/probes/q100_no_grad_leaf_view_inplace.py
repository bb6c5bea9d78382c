"""in-place on a leaf's view under no_grad

EXPECT: [2.0, 1.0, 1.0]
SOURCE: https://docs.pytorch.org/docs/stable/notes/autograd.html#in-place-operations-with-autograd
FAMILY: in-place ops on views
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

w = torch.ones(3, device='cuda', requires_grad=True)
with torch.no_grad():
    w[0:1].mul_(2)
r = w.tolist()
print('RESULT:', r)
