"""quantile with a float q stays on the GPU

EXPECT: cuda:0 2.0
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.quantile.html
FAMILY: quantile/sort/topk/unique
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

y = torch.quantile(torch.tensor([3.0, 1.0, 2.0], device='cuda'), 0.5)
r = f'{y.device} {y.item()}'
print('RESULT:', r)
