"""memory_snapshot() returns a list

EXPECT: list
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.cuda.memory_snapshot.html
FAMILY: torch.cuda.memory_*
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

x = torch.empty(4, device='cuda')
r = type(torch.cuda.memory_snapshot()).__name__
print('RESULT:', r)
