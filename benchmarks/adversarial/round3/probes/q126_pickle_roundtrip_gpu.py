"""a pickled GPU tensor unpickles on the GPU

EXPECT: cuda:0
SOURCE: https://github.com/pytorch/pytorch/blob/main/torch/_tensor.py (__reduce_ex__) and torch/storage.py (_load_from_bytes: torch.load)
FAMILY: checkpoint save/load
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

import pickle
r = pickle.loads(pickle.dumps(torch.ones(2, device='cuda'))).device
print('RESULT:', r)
