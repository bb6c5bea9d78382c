"""unique's counts are on the GPU

EXPECT: cuda:0 [1, 2]
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.unique.html
FAMILY: quantile/sort/topk/unique
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

u, c = torch.unique(torch.tensor([3.0, 1.0, 3.0], device='cuda'), return_counts=True)
r = f'{c.device} {c.tolist()}'
print('RESULT:', r)
