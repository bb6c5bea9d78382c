"""torch.device('cuda') != torch.device('cuda:0')

EXPECT: False
SOURCE: https://docs.pytorch.org/docs/stable/tensor_attributes.html#torch-device (index None is not index 0)
FAMILY: torch.device parsing
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

r = torch.device('cuda') == torch.device('cuda:0')
print('RESULT:', r)
