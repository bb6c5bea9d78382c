""".real of a GPU complex tensor is on the GPU

EXPECT: cuda:0
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.real.html
FAMILY: complex
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

r = torch.ones(2, dtype=torch.complex64, device='cuda').real.device
print('RESULT:', r)
