"""new_tensor follows self's device

EXPECT: cuda:0
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.Tensor.new_tensor.html
FAMILY: set_device/current_device
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

r = torch.ones(1, device='cuda').new_tensor([1, 2]).device
print('RESULT:', r)
