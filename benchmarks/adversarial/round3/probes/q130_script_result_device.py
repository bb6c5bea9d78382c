"""a scripted function's result stays on the GPU

EXPECT: cuda:0
SOURCE: https://docs.pytorch.org/docs/stable/jit.html
FAMILY: jit/script
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__



@torch.jit.script
def scripted_add(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    return a + b


@torch.jit.script
def scripted_double(a: torch.Tensor) -> torch.Tensor:
    return a * 2

r = scripted_double(torch.ones(2, device='cuda')).device
print('RESULT:', r)
