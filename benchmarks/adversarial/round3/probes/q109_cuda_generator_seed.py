"""a CUDA generator's manual_seed / initial_seed

EXPECT: 3
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

g = torch.Generator(device='cuda')
g.manual_seed(3)
r = g.initial_seed()
print('RESULT:', r)
