"""torch.cuda.manual_seed seeds the current GPU only

EXPECT: 0
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.cuda.manual_seed.html (for the current GPU)
FAMILY: Generator states
GPUS: 2
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

torch.manual_seed(0)
torch.cuda.manual_seed(1)
r = torch.cuda.default_generators[1].initial_seed()
print('RESULT:', r)
