"""after manual_seed, cuda:0 and cuda:1 draw the same numbers (Philox: seed and offset only)

EXPECT: True
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.manual_seed.html (seeds all devices); https://github.com/pytorch/pytorch/blob/main/aten/src/ATen/cuda/CUDAGeneratorImpl.cpp (Philox state: seed + offset)
FAMILY: Generator states
GPUS: 2
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

torch.manual_seed(0)
a = torch.randn(4, device='cuda:0')
b = torch.randn(4, device='cuda:1')
r = torch.equal(a.cpu(), b.cpu())
print('RESULT:', r)
