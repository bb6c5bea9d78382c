"""randn with a CUDA generator lands on the GPU

EXPECT: cuda:0
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.randn.html
FAMILY: Generator states
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

g = torch.Generator(device='cuda').manual_seed(0)
r = torch.randn(3, device='cuda', generator=g).device
print('RESULT:', r)
