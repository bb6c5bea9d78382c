"""a traced module run on GPU inputs returns a GPU tensor

EXPECT: cuda:0
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.jit.trace.html
FAMILY: jit/script
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

m = torch.nn.Linear(2, 2).cuda()
t = torch.jit.trace(m, torch.ones(1, 2, device='cuda'))
r = t(torch.ones(1, 2, device='cuda')).device
print('RESULT:', r)
