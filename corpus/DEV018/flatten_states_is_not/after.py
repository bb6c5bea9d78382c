"""A helper of 2017 that flattens nested hidden states, testing `type(h) is not Variable` to decide
whether to recurse.

Since PyTorch 0.4 no value's type is `Variable`: every tensor is recursed into, down to its 0-dim
elements, which raises. Comparing with `torch.Tensor` flattens as before. `reference()` uses
`isinstance`.
"""

import torch


def flatten(h):
    if type(h) is not torch.Tensor:
        return [t for part in h for t in flatten(part)]
    return [h.sum()]


def run():
    torch.manual_seed(0)
    states = ((torch.randn(2, 3), torch.randn(2, 3)), torch.randn(4))
    return {"sums": torch.stack(flatten(states))}


def reference():
    torch.manual_seed(0)
    states = ((torch.randn(2, 3), torch.randn(2, 3)), torch.randn(4))

    def walk(h):
        if not isinstance(h, torch.Tensor):
            return [t for part in h for t in walk(part)]
        return [h.sum()]

    return {"sums": torch.stack(walk(states))}
