"""after reset_peak_memory_stats the peak is the current

EXPECT: True
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.cuda.reset_peak_memory_stats.html
FAMILY: torch.cuda.memory_*
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

x = torch.empty(1 << 16, device='cuda')
del x
y = torch.empty(16, device='cuda')
torch.cuda.reset_peak_memory_stats()
r = torch.cuda.max_memory_allocated() == torch.cuda.memory_allocated()
print('RESULT:', r)
