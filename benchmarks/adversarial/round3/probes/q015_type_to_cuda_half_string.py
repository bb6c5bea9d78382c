"""type('torch.cuda.HalfTensor') moves and casts

EXPECT: cuda:0 torch.float16
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.Tensor.type.html
FAMILY: .type() strings
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

y = torch.ones(2).type('torch.cuda.HalfTensor')
r = f'{y.device} {y.dtype}'
print('RESULT:', r)
