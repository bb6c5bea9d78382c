"""empty_cache with nothing alive leaves nothing reserved

EXPECT: 0
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.cuda.empty_cache.html
FAMILY: torch.cuda.memory_*
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

x = torch.empty(1 << 20, device='cuda')
del x
torch.cuda.empty_cache()
r = torch.cuda.memory_reserved()
print('RESULT:', r)
