"""work inside a stream context is on the GPU

EXPECT: cuda:0
SOURCE: https://docs.pytorch.org/docs/stable/notes/cuda.html#cuda-streams
FAMILY: streams and events
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

s = torch.cuda.Stream()
with torch.cuda.stream(s):
    y = torch.ones(2, device='cuda') + 1
r = y.device
print('RESULT:', r)
