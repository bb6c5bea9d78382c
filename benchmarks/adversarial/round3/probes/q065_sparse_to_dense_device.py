"""a GPU sparse tensor densifies on the GPU

EXPECT: cuda:0
SOURCE: https://docs.pytorch.org/docs/stable/sparse.html
FAMILY: sparse
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

s = torch.sparse_coo_tensor(torch.tensor([[0, 2]]), torch.ones(2), (3,), device='cuda')
r = s.to_dense().device
print('RESULT:', r)
