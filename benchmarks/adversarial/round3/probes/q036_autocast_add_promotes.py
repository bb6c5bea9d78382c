"""add (not listed) follows type promotion

EXPECT: torch.float32
SOURCE: https://docs.pytorch.org/docs/stable/amp.html (ops not listed run in the type promotion of their inputs)
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
    r = (a + b).dtype
print('RESULT:', r)
