"""A forked worker that touches CUDA after the parent initialised it fails (Cannot re-initialize CUDA in forked subprocess).

EXPECT: RuntimeError
SOURCE: https://docs.pytorch.org/docs/stable/notes/multiprocessing.html#cuda-in-multiprocessing (the CUDA runtime does not support the fork start method); torch/cuda/__init__.py _lazy_init
FAMILY: DataLoader workers
"""

import torch


def outcome(fn):
    """The value fn returns, or the name of the exception it raises."""
    try:
        return fn()
    except Exception as exc:  # the probe reports what was raised
        return type(exc).__name__

from torch.utils.data import DataLoader, Dataset


class OnGpu(Dataset):
    def __len__(self):
        return 2

    def __getitem__(self, i):
        return torch.ones(2, device="cuda").sum().cpu()


if __name__ == "__main__":
    torch.zeros(1, device="cuda")  # the parent initialises CUDA
    print("RESULT:", outcome(lambda: type(next(iter(DataLoader(OnGpu(), num_workers=1)))).__name__))
