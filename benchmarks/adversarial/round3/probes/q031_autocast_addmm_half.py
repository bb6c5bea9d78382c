"""addmm autocasts to float16

EXPECT: torch.float16
SOURCE: https://docs.pytorch.org/docs/stable/amp.html#cuda-ops-that-can-autocast-to-float16
FAMILY: autocast/AMP
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

a = torch.ones(2, 2, device='cuda')
with torch.autocast('cuda'):
    r = torch.addmm(a, a, a).dtype
print('RESULT:', r)
