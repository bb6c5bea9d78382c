"""quantile with a CPU q tensor raises

EXPECT: RuntimeError
SOURCE: https://github.com/pytorch/pytorch/blob/main/aten/src/ATen/native/Sorting.cpp (quantile() q tensor must be on the same device as the input tensor)
FAMILY: quantile/sort/topk/unique
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

r = attempt(lambda: torch.quantile(torch.ones(3, device='cuda'), torch.tensor([0.5])))
print('RESULT:', r)
