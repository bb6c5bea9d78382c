"""Softmax calls that already name their dimension, by keyword or by position, `torch.softmax` and the
tensor method (which always required one), and `nn.Softmax(dim=...)`. Nothing changes.
"""

import torch
import torch.nn as nn
import torch.nn.functional as F


def run():
    torch.manual_seed(7)
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    x = torch.randn(4, 3, 5, device=device)
    head = nn.Sequential(nn.Linear(5, 5), nn.Softmax(dim=-1)).to(device)
    return {
        "last": F.softmax(x, dim=-1),
        "first": F.log_softmax(x, 0),
        "torch": torch.softmax(x, 1),
        "method": x.softmax(2),
        "module": head(x).detach(),
    }
