# source: unnamed file of the code index (a recursive helper that wraps tensors and flags them)
# verdict: hit: the wrapper of a tensor; `isinstance(obj, Variable)` still holds for tensors today; the import is reported (P9 counts it), not removed.
import collections.abc

import torch
from torch.autograd import Variable  # expect DEV009


def mark_volatile(obj):
    if torch.is_tensor(obj):
        obj = Variable(obj)  # expect DEV009
    if isinstance(obj, Variable):
        obj.no_grad = True
        return obj
    if isinstance(obj, collections.abc.Mapping):
        return {k: mark_volatile(o) for k, o in obj.items()}
    if isinstance(obj, collections.abc.Sequence):
        return [mark_volatile(o) for o in obj]
    return obj
