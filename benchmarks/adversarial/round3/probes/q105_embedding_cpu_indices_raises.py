"""embedding with CPU indices raises

EXPECT: RuntimeError
SOURCE: https://docs.pytorch.org/docs/stable/notes/cuda.html
FAMILY: nn.functional with device masks
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

w = torch.ones(5, 2, device='cuda')
r = attempt(lambda: torch.nn.functional.embedding(torch.tensor([0, 1]), w))
print('RESULT:', r)
