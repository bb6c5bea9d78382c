"""each worker gets its own seed

EXPECT: True
SOURCE: https://docs.pytorch.org/docs/stable/data.html#randomness-in-multi-process-data-loading
FAMILY: DataLoader worker seeds
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

class Seeds(torch.utils.data.Dataset):
    def __len__(self):
        return 4
    def __getitem__(self, i):
        return torch.utils.data.get_worker_info().seed
loader = torch.utils.data.DataLoader(Seeds(), batch_size=2, num_workers=2)
seeds = [b[0].item() for b in loader]
r = seeds[0] != seeds[1]
print('RESULT:', r)
