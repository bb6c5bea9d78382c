"""is_cuda of a GPU and a CPU tensor

EXPECT: True False
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.Tensor.is_cuda.html
FAMILY: torch.device parsing
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

r = f'{torch.ones(1, device="cuda").is_cuda} {torch.ones(1).is_cuda}'
print('RESULT:', r)
