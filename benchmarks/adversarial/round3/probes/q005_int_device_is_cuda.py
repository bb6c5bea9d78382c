"""device=0 means cuda:0

EXPECT: cuda:0
SOURCE: https://docs.pytorch.org/docs/stable/tensor_attributes.html#torch-device (a device ordinal as an int is the accelerator's)
FAMILY: torch.device parsing
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

r = torch.ones(2, device=0).device
print('RESULT:', r)
