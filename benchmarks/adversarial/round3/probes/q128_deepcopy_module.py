"""deepcopy of a GPU module keeps its parameters there

EXPECT: cuda:0
SOURCE: https://github.com/pytorch/pytorch/blob/main/torch/_tensor.py (__deepcopy__)
FAMILY: checkpoint save/load
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

import copy
r = copy.deepcopy(torch.nn.Linear(2, 2).cuda()).weight.device
print('RESULT:', r)
