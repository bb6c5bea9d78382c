"""map_location='cuda:0' for a cuda:1 tensor

EXPECT: cuda:0
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.load.html
FAMILY: checkpoint save/load
GPUS: 2
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

import io
b = io.BytesIO()
torch.save(torch.ones(2, device='cuda:1'), b)
b.seek(0)
r = torch.load(b, map_location='cuda:0').device
print('RESULT:', r)
