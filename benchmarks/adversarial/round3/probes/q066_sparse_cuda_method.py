""".cuda() of a sparse tensor keeps its layout

EXPECT: True torch.sparse_coo
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

s = torch.sparse_coo_tensor(torch.tensor([[0, 2]]), torch.ones(2), (3,)).cuda()
r = f'{s.is_cuda} {s.layout}'
print('RESULT:', r)
