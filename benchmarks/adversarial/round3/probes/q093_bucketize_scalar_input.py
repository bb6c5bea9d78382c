"""bucketize(a number, GPU boundaries) is on the GPU

EXPECT: cuda:0
SOURCE: https://github.com/pytorch/pytorch/blob/main/aten/src/ATen/native/cuda/Bucketization.cu (bucketize_cuda(Scalar, ...): on boundaries' device)
FAMILY: bucketize
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

r = torch.bucketize(2.5, torch.tensor([0.0, 2.0, 4.0], device='cuda')).device
print('RESULT:', r)
