"""torch.cuda.FloatTensor(a CPU tensor) raises

EXPECT: TypeError
SOURCE: https://github.com/pytorch/pytorch/blob/main/torch/csrc/utils/tensor_new.cpp (legacy ctor: 'expected TensorOptions(...) (got ...)')
FAMILY: legacy constructors
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

r = attempt(lambda: torch.cuda.FloatTensor(torch.ones(2)))
print('RESULT:', r)
