"""abs of complex64 on the GPU is float32 there

EXPECT: cuda:0 torch.float32
SOURCE: https://docs.pytorch.org/docs/stable/complex_numbers.html
FAMILY: complex
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

y = torch.ones(2, dtype=torch.complex64, device='cuda').abs()
r = f'{y.device} {y.dtype}'
print('RESULT:', r)
