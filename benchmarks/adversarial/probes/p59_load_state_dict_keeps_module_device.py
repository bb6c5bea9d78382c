"""load_state_dict of a GPU checkpoint into a CPU model copies into the CPU parameters.

EXPECT: cpu
SOURCE: https://docs.pytorch.org/tutorials/beginner/saving_loading_models.html#save-on-gpu-load-on-cpu
FAMILY: save/load with map_location
"""

import torch


def outcome(fn):
    """The value fn returns, or the name of the exception it raises."""
    try:
        return fn()
    except Exception as exc:  # the probe reports what was raised
        return type(exc).__name__

import io
b = io.BytesIO()
torch.save(torch.nn.Linear(2, 2).cuda().state_dict(), b)
b.seek(0)
m = torch.nn.Linear(2, 2)
m.load_state_dict(torch.load(b))
print('RESULT:', m.weight.device)
