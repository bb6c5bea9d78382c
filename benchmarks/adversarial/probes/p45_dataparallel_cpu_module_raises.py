"""With 2 GPUs, DataParallel of a module left on the CPU raises (with 1 GPU, __init__ moves it).

EXPECT: RuntimeError
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.nn.DataParallel.html (the module must have its parameters and buffers on device_ids[0])
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

m = torch.nn.DataParallel(torch.nn.Linear(2, 2))
print('RESULT:', outcome(lambda: m(torch.ones(4, 2))))
