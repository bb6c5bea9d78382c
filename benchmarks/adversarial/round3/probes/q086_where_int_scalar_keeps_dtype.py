"""an int scalar does not promote float16

EXPECT: torch.float16
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.where.html; https://docs.pytorch.org/docs/stable/tensor_attributes.html#type-promotion-doc
FAMILY: torch.where with scalars
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

x = torch.ones(3, device='cuda', dtype=torch.float16)
r = torch.where(x > 0, x, 0).dtype
print('RESULT:', r)
