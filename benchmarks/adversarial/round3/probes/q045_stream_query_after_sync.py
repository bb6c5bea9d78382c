"""a synchronized stream's query() is True

EXPECT: True
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.cuda.Stream.html
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
    y = torch.ones(4, device='cuda') * 2
s.synchronize()
r = s.query()
print('RESULT:', r)
