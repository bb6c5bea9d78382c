"""Batches from a worker are CPU tensors that .cuda() moves.

EXPECT: cpu cuda:0
SOURCE: https://docs.pytorch.org/docs/stable/data.html#multi-process-data-loading
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
if __name__ == '__main__':
    batch, = next(iter(DataLoader(TensorDataset(torch.ones(4, 2)), batch_size=2, num_workers=1)))
    print('RESULT:', batch.device, batch.cuda().device)
