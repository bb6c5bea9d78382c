"""the current stream's device

EXPECT: cuda:0
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.cuda.current_stream.html
FAMILY: streams and events
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

r = torch.cuda.current_stream().device
print('RESULT:', r)
