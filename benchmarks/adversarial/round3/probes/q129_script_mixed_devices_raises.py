"""a scripted add of GPU and CPU vectors raises

EXPECT: RuntimeError
SOURCE: https://docs.pytorch.org/docs/stable/jit.html; https://docs.pytorch.org/docs/stable/notes/cuda.html
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

r = attempt(lambda: scripted_add(torch.ones(2, device='cuda'), torch.ones(2)))
print('RESULT:', r)
