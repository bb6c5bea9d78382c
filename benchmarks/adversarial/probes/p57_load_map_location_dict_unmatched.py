"""A dict that does not name the saved tag leaves it: saved on cuda:1, {'cuda:0': 'cpu'} loads on cuda:1.

EXPECT: cuda:1
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.load.html (a dict remaps the location tags it names: keys are tags in the file)
FAMILY: save/load with map_location
GPUS: 2
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
torch.save(torch.ones(2, device='cuda:1'), b)
b.seek(0)
print('RESULT:', outcome(lambda: torch.load(b, map_location={'cuda:0': 'cpu'}).device))
