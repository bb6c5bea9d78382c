"""get_rng_state_all has one state per GPU

EXPECT: 2
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.cuda.get_rng_state_all.html
FAMILY: Generator states
GPUS: 2
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

r = len(torch.cuda.get_rng_state_all())
print('RESULT:', r)
