"""torch.initial_seed() in a worker is its seed

EXPECT: True
SOURCE: https://docs.pytorch.org/docs/stable/data.html#randomness-in-multi-process-data-loading (base_seed + worker_id)
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
        return 2
    def __getitem__(self, i):
        return torch.initial_seed() == torch.utils.data.get_worker_info().seed
loader = torch.utils.data.DataLoader(Seeds(), batch_size=1, num_workers=1)
r = all(bool(b[0]) for b in loader)
print('RESULT:', r)
