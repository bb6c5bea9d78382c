"""a GPU tensor's device is cuda:0, not 'cuda'

EXPECT: False
SOURCE: https://docs.pytorch.org/docs/stable/tensor_attributes.html#torch-device (a tensor's device always has an index)
FAMILY: torch.device parsing
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

r = torch.ones(2, device='cuda').device == torch.device('cuda')
print('RESULT:', r)
