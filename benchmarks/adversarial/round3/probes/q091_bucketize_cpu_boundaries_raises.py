"""CPU boundaries with a GPU input raise

EXPECT: RuntimeError
SOURCE: https://github.com/pytorch/pytorch/blob/main/aten/src/ATen/native/BucketizationUtils.h (boundaries and input value tensors should have same device type)
FAMILY: bucketize
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

r = attempt(lambda: torch.bucketize(torch.ones(2, device='cuda'), torch.tensor([0.0, 2.0])))
print('RESULT:', r)
