"""'cuda:1' parses to index 1

EXPECT: 1
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

r = torch.device('cuda:1').index
print('RESULT:', r)
