"""bmm under bfloat16 autocast

EXPECT: torch.bfloat16
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

a = torch.ones(1, 2, 2, device='cuda')
with torch.autocast('cuda', dtype=torch.bfloat16):
    r = torch.bmm(a, a).dtype
print('RESULT:', r)
