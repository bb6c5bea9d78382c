"""torch.cuda.HalfTensor(2) is float16

EXPECT: torch.float16
SOURCE: https://docs.pytorch.org/docs/stable/tensors.html (legacy constructors)
FAMILY: legacy constructors
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

r = torch.cuda.HalfTensor(2).dtype
print('RESULT:', r)
