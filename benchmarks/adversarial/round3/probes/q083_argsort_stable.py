"""a stable argsort on the GPU

EXPECT: [1, 0, 2] cuda:0
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.argsort.html
FAMILY: quantile/sort/topk/unique
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

i = torch.argsort(torch.tensor([2.0, 1.0, 2.0], device='cuda'), stable=True)
r = f'{i.tolist()} {i.device}'
print('RESULT:', r)
