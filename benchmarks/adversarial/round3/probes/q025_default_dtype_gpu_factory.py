"""float64 default applies to GPU factories

EXPECT: torch.float64
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
r = torch.ones(2, device='cuda').dtype
print('RESULT:', r)
