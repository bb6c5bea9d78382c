"""device_count with two GPUs

EXPECT: 2
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.cuda.device_count.html
FAMILY: set_device/current_device
GPUS: 2
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

r = torch.cuda.device_count()
print('RESULT:', r)
