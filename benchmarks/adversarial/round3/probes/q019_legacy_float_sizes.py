"""torch.cuda.FloatTensor(2, 3) is a 2x3 GPU tensor

EXPECT: (2, 3) cuda:0
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

y = torch.cuda.FloatTensor(2, 3)
r = f'{tuple(y.shape)} {y.device}'
print('RESULT:', r)
