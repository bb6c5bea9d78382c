"""get_default_device after set_default_device('cuda')

EXPECT: cuda:0
SOURCE: https://github.com/pytorch/pytorch/blob/main/torch/__init__.py (get_default_device: an index-less device reports the tensor's)
FAMILY: set_default_dtype
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

torch.set_default_device('cuda')
r = torch.get_default_device()
print('RESULT:', r)
