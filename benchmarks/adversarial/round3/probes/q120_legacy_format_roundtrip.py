"""the legacy (non-zip) format restores to the GPU

EXPECT: cuda:0
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.save.html; https://docs.pytorch.org/docs/stable/generated/torch.load.html
FAMILY: checkpoint save/load
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

import io
b = io.BytesIO()
torch.save({'w': torch.ones(2, device='cuda')}, b, _use_new_zipfile_serialization=False)
b.seek(0)
r = torch.load(b)['w'].device
print('RESULT:', r)
