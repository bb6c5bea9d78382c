"""torch.cuda.LongTensor([1, 2])

EXPECT: torch.int64 cuda:0
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

y = torch.cuda.LongTensor([1, 2])
r = f'{y.dtype} {y.device}'
print('RESULT:', r)
