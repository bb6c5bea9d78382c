"""DataParallel of a CUDA model takes a CPU batch; the output is on device_ids[0].

EXPECT: cuda:0
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.nn.DataParallel.html
FAMILY: DataParallel
"""

import torch


def outcome(fn):
    """The value fn returns, or the name of the exception it raises."""
    try:
        return fn()
    except Exception as exc:  # the probe reports what was raised
        return type(exc).__name__

m = torch.nn.DataParallel(torch.nn.Linear(2, 2).cuda())
print('RESULT:', m(torch.ones(4, 2)).device)
