"""GradScaler('cuda').get_scale() is 2**16

EXPECT: 65536.0
SOURCE: https://docs.pytorch.org/docs/stable/amp.html#torch.amp.GradScaler (init_scale=2.0**16)
FAMILY: autocast/AMP
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

r = torch.amp.GradScaler('cuda').get_scale()
print('RESULT:', r)
