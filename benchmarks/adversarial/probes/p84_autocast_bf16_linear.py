"""linear under autocast('cuda', bfloat16) runs in bfloat16.

EXPECT: torch.bfloat16
SOURCE: https://docs.pytorch.org/docs/stable/amp.html#autocast-op-reference
FAMILY: AMP autocast
"""

import torch


def outcome(fn):
    """The value fn returns, or the name of the exception it raises."""
    try:
        return fn()
    except Exception as exc:  # the probe reports what was raised
        return type(exc).__name__

m = torch.nn.Linear(2, 2).cuda()
with torch.autocast('cuda', dtype=torch.bfloat16):
    print('RESULT:', m(torch.ones(1, 2, device='cuda')).dtype)
