"""type(torch.cuda.IntTensor) gives int32 on the GPU

EXPECT: cuda:0 torch.int32
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

y = torch.ones(2).type(torch.cuda.IntTensor)
r = f'{y.device} {y.dtype}'
print('RESULT:', r)
