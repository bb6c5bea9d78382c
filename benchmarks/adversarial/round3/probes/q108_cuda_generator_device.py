"""torch.Generator(device='cuda').device

EXPECT: cuda:0
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.Generator.html
FAMILY: Generator states
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

r = torch.Generator(device='cuda').device
print('RESULT:', r)
