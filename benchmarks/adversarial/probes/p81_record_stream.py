"""x.record_stream(s) accepts a CUDA stream for a CUDA tensor.

EXPECT: None
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.Tensor.record_stream.html
FAMILY: streams/events/synchronize
"""

import torch


def outcome(fn):
    """The value fn returns, or the name of the exception it raises."""
    try:
        return fn()
    except Exception as exc:  # the probe reports what was raised
        return type(exc).__name__

s = torch.cuda.Stream()
print('RESULT:', outcome(lambda: torch.ones(2, device='cuda').record_stream(s)))
