"""saved views still share storage after load

EXPECT: True
SOURCE: https://docs.pytorch.org/docs/stable/notes/serialization.html#preserve-storage-sharing
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
x = torch.arange(4.0, device='cuda')
b = io.BytesIO()
torch.save([x, x[1:]], b)
b.seek(0)
y = torch.load(b)
r = y[1].data_ptr() == y[0].data_ptr() + 4
print('RESULT:', r)
