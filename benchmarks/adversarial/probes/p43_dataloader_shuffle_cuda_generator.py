"""A shuffling DataLoader given a CUDA generator raises (randperm on the CPU).

EXPECT: RuntimeError
SOURCE: https://github.com/pytorch/pytorch/blob/main/aten/src/ATen/core/DistributionsHelper.h (check_generator: "Expected a '<type>' device type for generator but found '<type>'"); https://docs.pytorch.org/docs/stable/data.html (generator used by RandomSampler)
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
loader = DataLoader(TensorDataset(torch.ones(4)), shuffle=True, generator=torch.Generator(device='cuda'))
print('RESULT:', outcome(lambda: next(iter(loader))))
