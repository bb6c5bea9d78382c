""".cuda(non_blocking=True) lands on the GPU

EXPECT: cuda:0
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.Tensor.cuda.html
FAMILY: pinned memory and non_blocking
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

r = torch.ones(2).cuda(non_blocking=True).device
print('RESULT:', r)
