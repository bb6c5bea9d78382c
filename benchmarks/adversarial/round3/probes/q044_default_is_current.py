"""outside any stream context, current == default

EXPECT: True
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.cuda.default_stream.html
FAMILY: streams and events
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

r = torch.cuda.current_stream() == torch.cuda.default_stream()
print('RESULT:', r)
