"""Inside torch.cuda.stream(s), current_stream() is s.

EXPECT: True
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.cuda.StreamContext.html (all kernels queued within its context are enqueued on the selected stream)
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
with torch.cuda.stream(s):
    inside = torch.cuda.current_stream() == s
print('RESULT:', inside)
