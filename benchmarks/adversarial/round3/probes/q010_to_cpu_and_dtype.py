"""to('cpu', float16) moves and casts

EXPECT: cpu torch.float16
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

y = torch.ones(2, device='cuda').to('cpu', torch.float16)
r = f'{y.device} {y.dtype}'
print('RESULT:', r)
