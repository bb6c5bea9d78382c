"""set_rng_state(get_rng_state()) repeats the draw

EXPECT: True
SOURCE: https://docs.pytorch.org/docs/stable/generated/torch.cuda.set_rng_state.html
FAMILY: Generator states
GPUS: 1
"""

import torch


def attempt(f):
    try:
        return f()
    except Exception as exc:  # noqa: BLE001 - the exception's type is the probe's answer
        return type(exc).__name__

s = torch.cuda.get_rng_state()
a = torch.randn(3, device='cuda')
torch.cuda.set_rng_state(s)
r = torch.equal(a, torch.randn(3, device='cuda'))
print('RESULT:', r)
