"""torch.full with a CPU 0-dim fill value on the GPU

EXPECT: [3.0, 3.0] cuda:0
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.full.html (fill_value: a number, or a 0-dim tensor as one)
FAMILY: set_device/current_device
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

y = torch.full((2,), torch.tensor(3.0), device='cuda')
r = f'{y.tolist()} {y.device}'
print('RESULT:', r)
