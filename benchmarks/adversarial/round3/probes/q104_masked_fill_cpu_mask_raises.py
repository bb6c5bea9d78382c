"""masked_fill with a CPU mask raises

EXPECT: RuntimeError
SOURCE: https://github.com/pytorch/pytorch/blob/main/aten/src/ATen/native/cuda/Indexing.cu (expected self and mask to be on the same device)
FAMILY: nn.functional with device masks
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

x = torch.ones(3, device='cuda')
r = attempt(lambda: x.masked_fill(torch.tensor([True, False, True]), 0.0))
print('RESULT:', r)
