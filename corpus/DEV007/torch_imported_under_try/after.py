"""Report-only case: `torch` is imported under `try:` (the script also runs its preprocessing
without it), so a portable `device` added after the opening imports would run before `torch`
exists. The `.cuda()` is reported and left as it is.
"""

import math

try:
    import torch
    from torch import nn
except ImportError:  # preprocessing-only installs
    torch = None


def run():
    torch.manual_seed(0)
    model = nn.Linear(3, 2).cuda()
    x = torch.linspace(0.0, math.pi, 12, device=next(model.parameters()).device).reshape(4, 3)
    return {"out": model(x).detach()}
