"""Look-alikes of `type(h) == Variable`: type tests that mean what they say today.

`isinstance(h, Variable)` (true for tensors still), `type(h) == tuple`, and a class of the file
named `Variable`. Nothing here changes.
"""

import torch
from torch.autograd import Variable as TorchVariable


class Variable:
    def __init__(self, value):
        self.value = value


def unwrap(h):
    if type(h) == Variable:
        return h.value
    if type(h) == tuple:
        return torch.stack([unwrap(v) for v in h])
    if isinstance(h, TorchVariable):
        return h * 2
    return h


def run():
    torch.manual_seed(0)
    a = torch.randn(3)
    return {"wrapped": unwrap(Variable(a)), "pair": unwrap((a, a + 1)), "tensor": unwrap(a)}
