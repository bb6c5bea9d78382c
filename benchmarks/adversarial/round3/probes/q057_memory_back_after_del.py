"""memory_allocated returns to its value after del

EXPECT: True
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.cuda.memory_allocated.html
FAMILY: torch.cuda.memory_*
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

before = torch.cuda.memory_allocated()
x = torch.empty(1024, device='cuda')
del x
r = torch.cuda.memory_allocated() == before
print('RESULT:', r)
