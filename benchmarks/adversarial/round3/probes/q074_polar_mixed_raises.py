"""torch.polar with GPU abs and CPU angle raises

EXPECT: RuntimeError
SOURCE: https://docs.pytorch.org/docs/stable/notes/cuda.html
FAMILY: complex
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

r = attempt(lambda: torch.polar(torch.ones(2, device='cuda'), torch.zeros(2)))
print('RESULT:', r)
