"""to(other) takes other's device and dtype

EXPECT: cuda:0 torch.float16
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.Tensor.to.html (same dtype and device as other)
FAMILY: to(other)
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

y = torch.ones(2).to(torch.ones(1, device='cuda', dtype=torch.half))
r = f'{y.device} {y.dtype}'
print('RESULT:', r)
