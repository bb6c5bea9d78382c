"""CPU indices with GPU values raise

EXPECT: RuntimeError
SOURCE: https://github.com/pytorch/pytorch/blob/main/aten/src/ATen/native/sparse/SparseTensor.cpp (device of indices must match device of values)
FAMILY: sparse
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

r = attempt(lambda: torch.sparse_coo_tensor(torch.tensor([[0, 1]]), torch.ones(2, device='cuda'), (3,)))
print('RESULT:', r)
