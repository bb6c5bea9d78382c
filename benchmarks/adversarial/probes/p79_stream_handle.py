"""A stream exposes its cudaStream_t as an int (cuda_stream).

EXPECT: int
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.cuda.Stream.html
FAMILY: streams/events/synchronize
"""

import torch


def outcome(fn):
    """The value fn returns, or the name of the exception it raises."""
    try:
        return fn()
    except Exception as exc:  # the probe reports what was raised
        return type(exc).__name__

print('RESULT:', outcome(lambda: type(torch.cuda.current_stream().cuda_stream).__name__))
