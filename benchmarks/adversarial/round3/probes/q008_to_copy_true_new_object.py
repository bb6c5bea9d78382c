"""to(same device, copy=True) is a new tensor

EXPECT: False
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.Tensor.to.html (copy=True: a new Tensor even when it already matches)
FAMILY: to(other)
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

x = torch.ones(2, device='cuda')
r = x.to('cuda:0', copy=True) is x
print('RESULT:', r)
