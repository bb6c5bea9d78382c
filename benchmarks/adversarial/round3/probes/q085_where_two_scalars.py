"""where(cond, 1.0, 0.0) on a GPU cond

EXPECT: cuda:0 torch.float32
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.where.html (scalars for input and other)
FAMILY: torch.where with scalars
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

y = torch.where(torch.ones(3, device='cuda') > 0, 1.0, 0.0)
r = f'{y.device} {y.dtype}'
print('RESULT:', r)
