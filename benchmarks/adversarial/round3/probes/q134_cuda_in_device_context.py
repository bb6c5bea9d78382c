""".cuda() inside torch.cuda.device(1)

EXPECT: cuda:1
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.cuda.device.html
FAMILY: set_device/current_device
GPUS: 2
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

with torch.cuda.device(1):
    r = torch.ones(1).cuda().device
print('RESULT:', r)
