"""Generator(device='cuda').seed() returns an int

EXPECT: int
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.Generator.html#torch.Generator.seed
FAMILY: Generator states
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

r = type(torch.Generator(device='cuda').seed()).__name__
print('RESULT:', r)
