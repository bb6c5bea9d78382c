"""map_location=lambda s, l: s.cuda(1)

EXPECT: cuda:1
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
torch.save(torch.ones(2, device='cuda'), b)
b.seek(0)
r = torch.load(b, map_location=lambda s, loc: s.cuda(1)).device
print('RESULT:', r)
