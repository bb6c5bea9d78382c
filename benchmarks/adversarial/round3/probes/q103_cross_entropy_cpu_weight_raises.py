"""cross_entropy with a CPU weight raises

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

t = torch.tensor([0, 1], device='cuda')
r = attempt(lambda: torch.nn.functional.cross_entropy(torch.ones(2, 3, device='cuda'), t, weight=torch.ones(3)))
print('RESULT:', r)
