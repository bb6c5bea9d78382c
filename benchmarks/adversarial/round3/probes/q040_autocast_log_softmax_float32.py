"""log_softmax autocasts to float32

EXPECT: torch.float32
SOURCE: https://docs.pytorch.org/docs/stable/amp.html#cuda-ops-that-can-autocast-to-float32
FAMILY: autocast/AMP
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

x = torch.ones(2, device='cuda', dtype=torch.float16)
with torch.autocast('cuda'):
    r = torch.log_softmax(x, 0).dtype
print('RESULT:', r)
