"""new_tensor of a legacy GPU tensor stays on the GPU

EXPECT: cuda:0
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.Tensor.new_tensor.html
FAMILY: legacy constructors
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

r = torch.cuda.FloatTensor([1, 2]).new_tensor([3]).device
print('RESULT:', r)
