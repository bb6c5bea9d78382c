"""set_default_tensor_type(torch.cuda.FloatTensor)

EXPECT: cuda:0
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.set_default_tensor_type.html
FAMILY: set_default_dtype
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

torch.set_default_tensor_type(torch.cuda.FloatTensor)
r = torch.ones(2).device
print('RESULT:', r)
