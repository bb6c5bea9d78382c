"""fft of a float GPU tensor is complex64 on the GPU

EXPECT: cuda:0 torch.complex64
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.fft.fft.html
FAMILY: complex
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

y = torch.fft.fft(torch.ones(4, device='cuda'))
r = f'{y.device} {y.dtype}'
print('RESULT:', r)
