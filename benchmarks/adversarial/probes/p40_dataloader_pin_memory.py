"""DataLoader(pin_memory=True) yields pinned batches.

EXPECT: True
SOURCE: https://docs.pytorch.org/docs/stable/data.html#memory-pinning
FAMILY: DataLoader workers
"""

import torch


def outcome(fn):
    """The value fn returns, or the name of the exception it raises."""
    try:
        return fn()
    except Exception as exc:  # the probe reports what was raised
        return type(exc).__name__

from torch.utils.data import DataLoader, TensorDataset
batch, = next(iter(DataLoader(TensorDataset(torch.ones(4, 2)), batch_size=2, pin_memory=True)))
print('RESULT:', batch.is_pinned())
