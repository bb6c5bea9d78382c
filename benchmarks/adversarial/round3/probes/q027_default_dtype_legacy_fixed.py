"""torch.cuda.FloatTensor stays float32

EXPECT: torch.float32
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.set_default_dtype.html
FAMILY: set_default_dtype
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

torch.set_default_dtype(torch.float64)
r = torch.cuda.FloatTensor(2).dtype
print('RESULT:', r)
