"""conv1d autocasts to float16

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

x = torch.ones(1, 2, 8, device='cuda')
w = torch.ones(3, 2, 3, device='cuda')
with torch.autocast('cuda'):
    r = torch.nn.functional.conv1d(x, w).dtype
print('RESULT:', r)
