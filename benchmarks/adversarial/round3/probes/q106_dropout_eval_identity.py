"""dropout with training=False returns its input

EXPECT: True
SOURCE: https://github.com/pytorch/pytorch/blob/main/aten/src/ATen/native/Dropout.cpp (if p == 0 || !train: return input)
FAMILY: nn.functional with device masks
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

x = torch.ones(3, device='cuda')
r = torch.nn.functional.dropout(x, 0.5, training=False) is x
print('RESULT:', r)
