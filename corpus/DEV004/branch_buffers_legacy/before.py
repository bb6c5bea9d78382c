"""Filter response normalisation whose epsilon is either fixed or a per-channel table.

Both branches keep a legacy-constructor tensor as a plain attribute: on a GPU the normalisation
adds a CPU tensor to a GPU one, whichever branch ran. Each branch gets its own buffer.
"""

import torch
import torch.nn as nn


class FilterResponseNorm(nn.Module):
    def __init__(self, channels=4, per_channel=False):
        super().__init__()
        self.gamma = nn.Parameter(torch.ones(1, channels, 1, 1))
        if per_channel:
            self.eps = torch.FloatTensor(1, channels, 1, 1).fill_(1e-6)
        else:
            self.eps = torch.Tensor([1e-6])

    def forward(self, x):
        nu2 = x.pow(2).mean(dim=(2, 3), keepdim=True)
        return self.gamma * x * torch.rsqrt(nu2 + self.eps.abs())


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    x = torch.randn(2, 4, 3, 3, device=device)
    results = {}
    for per_channel in (False, True):
        norm = FilterResponseNorm(per_channel=per_channel).to(device)
        out = norm(x)
        out.sum().backward()
        results[f"out_{per_channel}"] = out.detach()
        results[f"grad_{per_channel}"] = norm.gamma.grad
    return results
