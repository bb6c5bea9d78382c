"""a tensor on cuda:1 counts on GPU 1, not GPU 0

EXPECT: True True
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.cuda.memory_allocated.html (device argument)
FAMILY: torch.cuda.memory_*
GPUS: 2
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

a0, a1 = torch.cuda.memory_allocated(0), torch.cuda.memory_allocated(1)
x = torch.empty(1024, device='cuda:1')
r = f'{torch.cuda.memory_allocated(1) > a1} {torch.cuda.memory_allocated(0) == a0}'
print('RESULT:', r)
