"""to(device=..., non_blocking=True) lands on the GPU

EXPECT: cuda:0
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

r = torch.ones(2).to(device='cuda', non_blocking=True).device
print('RESULT:', r)
