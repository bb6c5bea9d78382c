"""GradScaler('cuda').scale(loss) multiplies by the initial scale 65536.

EXPECT: 65536.0
SOURCE: https://docs.pytorch.org/docs/stable/amp.html#torch.amp.GradScaler (init_scale=65536.0)
FAMILY: AMP autocast
"""

import torch


def outcome(fn):
    """The value fn returns, or the name of the exception it raises."""
    try:
        return fn()
    except Exception as exc:  # the probe reports what was raised
        return type(exc).__name__

s = torch.amp.GradScaler('cuda')
print('RESULT:', outcome(lambda: s.scale(torch.tensor(1.0, device='cuda')).item()))
