"""arange(a GPU 0-dim end) is made on the CPU

EXPECT: cpu
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.arange.html (end is a number; device defaults to the CPU)
FAMILY: set_device/current_device
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

r = torch.arange(torch.tensor(3, device='cuda')).device
print('RESULT:', r)
