"""copy_ of a CPU tensor into a GPU slice

EXPECT: [0.0, 7.0, 8.0, 0.0]
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.Tensor.copy_.html (src may be on a different device)
FAMILY: in-place ops on views
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

x = torch.zeros(4, device='cuda')
x[1:3].copy_(torch.tensor([7.0, 8.0]))
r = x.tolist()
print('RESULT:', r)
