"""searchsorted on the GPU

EXPECT: cuda:0 [1]
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.searchsorted.html
FAMILY: bucketize
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

y = torch.searchsorted(torch.tensor([0.0, 2.0], device='cuda'), torch.ones(1, device='cuda'))
r = f'{y.device} {y.tolist()}'
print('RESULT:', r)
