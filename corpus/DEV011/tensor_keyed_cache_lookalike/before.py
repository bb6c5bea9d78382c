"""Look-alikes of a tensor element looked up in a dict, each correct today and left alone: a cache keyed
by the tensor object itself (stored, then read back), a `defaultdict` (a missing key is inserted, not
an error), and a list indexed by a 0-dim integer tensor (which `__index__` allows).
"""

import collections

import torch
from torch import nn

WORDS = ["a", "b", "c"]
counts = collections.defaultdict(int)


def cached(model, x):
    _, topi = model(x).data.topk(1)
    ni = topi[0][0]
    cache = {}
    cache[ni] = model(x).sum()
    return cache[ni]


def counted(model, x):
    _, topi = model(x).data.topk(1)
    ni = topi[0][0]
    counts[ni] += 1
    return counts[ni]


def word(model, x):
    _, topi = model(x).data.topk(1)
    ni = topi[0][0]
    return WORDS[ni]


def run():
    torch.manual_seed(0)
    model = nn.Linear(4, 3)
    x = torch.randn(1, 4)
    return {
        "cached": cached(model, x).detach(),
        "counted": torch.tensor(counted(model, x)),
        "word": torch.tensor(len(word(model, x))),
    }
