"""str(torch.device('cuda', 0)) is 'cuda:0'

EXPECT: cuda:0
SOURCE: https://docs.pytorch.org/docs/stable/tensor_attributes.html#torch-device
FAMILY: torch.device parsing
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

r = str(torch.device('cuda', 0))
print('RESULT:', r)
