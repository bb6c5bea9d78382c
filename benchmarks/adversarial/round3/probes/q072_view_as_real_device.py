"""view_as_real stays on the GPU

EXPECT: cuda:0 (2, 2)
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.view_as_real.html
FAMILY: complex
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

y = torch.view_as_real(torch.ones(2, dtype=torch.complex64, device='cuda'))
r = f'{y.device} {tuple(y.shape)}'
print('RESULT:', r)
