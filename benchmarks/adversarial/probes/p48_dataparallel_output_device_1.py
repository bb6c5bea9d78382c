"""output_device=1 puts the output on cuda:1.

EXPECT: cuda:1
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.nn.DataParallel.html (output_device: device location of output)
FAMILY: DataParallel
GPUS: 2
"""

import torch


def outcome(fn):
    """The value fn returns, or the name of the exception it raises."""
    try:
        return fn()
    except Exception as exc:  # the probe reports what was raised
        return type(exc).__name__

m = torch.nn.DataParallel(torch.nn.Linear(2, 2).cuda(), device_ids=[0, 1], output_device=1)
print('RESULT:', m(torch.ones(4, 2)).device)
