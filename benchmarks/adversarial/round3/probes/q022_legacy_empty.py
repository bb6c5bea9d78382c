"""torch.cuda.DoubleTensor() is empty on the GPU

EXPECT: 0 cuda:0
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

y = torch.cuda.DoubleTensor()
r = f'{y.numel()} {y.device}'
print('RESULT:', r)
