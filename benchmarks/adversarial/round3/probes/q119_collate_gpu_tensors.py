"""default collate stacks GPU tensors on the GPU

EXPECT: cuda:0
SOURCE: https://docs.pytorch.org/docs/stable/data.html#dataloader-collate-fn
FAMILY: DataLoader worker seeds
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

data = [torch.ones(2, device='cuda') for _ in range(4)]
r = next(iter(torch.utils.data.DataLoader(data, batch_size=2))).device
print('RESULT:', r)
