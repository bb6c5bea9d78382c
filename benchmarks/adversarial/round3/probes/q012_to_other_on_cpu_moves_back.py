"""a GPU tensor .to(a CPU tensor) comes back to the CPU

EXPECT: cpu
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.Tensor.to.html
FAMILY: to(other)
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

r = torch.ones(2, device='cuda').to(torch.ones(1)).device
print('RESULT:', r)
