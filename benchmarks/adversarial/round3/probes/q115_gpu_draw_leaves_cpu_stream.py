"""a GPU draw does not advance the CPU stream

EXPECT: True
SOURCE: https://docs.pytorch.org/docs/stable/notes/randomness.html
FAMILY: Generator states
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

torch.manual_seed(0)
a = torch.rand(2)
torch.manual_seed(0)
torch.rand(3, device='cuda')
r = torch.equal(a, torch.rand(2))
print('RESULT:', r)
