"""memory_reserved >= memory_allocated

EXPECT: True
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.cuda.memory_reserved.html
FAMILY: torch.cuda.memory_*
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

x = torch.empty(1000, device='cuda')
r = torch.cuda.memory_reserved() >= torch.cuda.memory_allocated() > 0
print('RESULT:', r)
