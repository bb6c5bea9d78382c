"""sparse.mm of a GPU sparse and a CPU dense raises

EXPECT: RuntimeError
SOURCE: https://docs.pytorch.org/docs/stable/notes/cuda.html
FAMILY: sparse
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

s = torch.sparse_coo_tensor(torch.tensor([[0, 1], [0, 1]]), torch.ones(2), (2, 2), device='cuda')
r = attempt(lambda: torch.sparse.mm(s, torch.ones(2, 2)))
print('RESULT:', r)
