"""a bool GPU tensor's type()

EXPECT: torch.cuda.BoolTensor
SOURCE: https://docs.pytorch.org/docs/stable/tensors.html (CUDA tensor types)
FAMILY: .type() strings
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

r = torch.ones(2, device='cuda', dtype=torch.bool).type()
print('RESULT:', r)
