"""to(dtype) keeps the device

EXPECT: cuda:0 torch.float64
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.Tensor.to.html
FAMILY: to(other)
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

y = torch.ones(2, device='cuda').to(torch.float64)
r = f'{y.device} {y.dtype}'
print('RESULT:', r)
