"""median of a GPU tensor is a 0-dim GPU tensor

EXPECT: cuda:0 0
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.median.html
FAMILY: quantile/sort/topk/unique
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

m = torch.median(torch.tensor([3.0, 1.0, 2.0], device='cuda'))
r = f'{m.device} {m.dim()}'
print('RESULT:', r)
