"""bucketize on the GPU gives int64 there

EXPECT: cuda:0 torch.int64 [1, 1]
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.bucketize.html
FAMILY: bucketize
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

y = torch.bucketize(torch.ones(2, device='cuda'), torch.tensor([0.0, 2.0], device='cuda'))
r = f'{y.device} {y.dtype} {y.tolist()}'
print('RESULT:', r)
