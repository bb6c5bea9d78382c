"""cat of float16 and float32 gives float32

EXPECT: torch.float32
SOURCE: https://docs.pytorch.org/docs/stable/amp.html#cuda-ops-that-promote-to-the-widest-input-type
FAMILY: autocast/AMP
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

a = torch.ones(2, device='cuda', dtype=torch.float16)
b = torch.ones(2, device='cuda')
with torch.autocast('cuda'):
    r = torch.cat([a, b]).dtype
print('RESULT:', r)
