"""a float64 GPU tensor's type()

EXPECT: torch.cuda.DoubleTensor
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

r = torch.ones(2, device='cuda', dtype=torch.float64).type()
print('RESULT:', r)
