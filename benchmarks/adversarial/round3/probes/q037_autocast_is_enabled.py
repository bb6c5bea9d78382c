"""is_autocast_enabled('cuda') inside autocast

EXPECT: True
SOURCE: https://docs.pytorch.org/docs/stable/amp.html
FAMILY: autocast/AMP
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

with torch.autocast('cuda'):
    r = torch.is_autocast_enabled('cuda')
print('RESULT:', r)
