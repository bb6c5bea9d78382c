"""one_hot of GPU indices

EXPECT: cuda:0 torch.int64
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.nn.functional.one_hot.html
FAMILY: nn.functional with device masks
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

y = torch.nn.functional.one_hot(torch.tensor([0, 2], device='cuda'), 4)
r = f'{y.device} {y.dtype}'
print('RESULT:', r)
