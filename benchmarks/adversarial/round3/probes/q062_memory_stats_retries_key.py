"""memory_stats() has num_alloc_retries (0)

EXPECT: 0
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.cuda.memory_stats.html (num_alloc_retries)
FAMILY: torch.cuda.memory_*
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

x = torch.empty(4, device='cuda')
r = torch.cuda.memory_stats()['num_alloc_retries']
print('RESULT:', r)
