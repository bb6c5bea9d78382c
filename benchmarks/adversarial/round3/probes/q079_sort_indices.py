"""sort's indices are int64 on the GPU

EXPECT: torch.int64 cuda:0
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.sort.html
FAMILY: quantile/sort/topk/unique
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

i = torch.sort(torch.tensor([3.0, 1.0], device='cuda')).indices
r = f'{i.dtype} {i.device}'
print('RESULT:', r)
