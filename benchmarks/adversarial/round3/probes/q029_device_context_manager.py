"""with torch.device('cuda'): factories go there

EXPECT: cuda:0
SOURCE: https://docs.pytorch.org/docs/stable/tensor_attributes.html#torch-device (a device as a context manager)
FAMILY: set_default_dtype
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

with torch.device('cuda'):
    y = torch.ones(2)
r = y.device
print('RESULT:', r)
