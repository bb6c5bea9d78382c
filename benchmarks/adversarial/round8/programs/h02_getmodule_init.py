import inspect
import torch
import torch.nn as nn

torch.manual_seed(0)


class _Init:
    @staticmethod
    def xavier_uniform(w):
        return w.data.fill_(1.0)


class _NN:
    init = _Init
    Linear = nn.Linear


def _f():
    pass


setattr(inspect.getmodule(_f), "nn", _NN)
w = torch.empty(2, 2)
nn.init.xavier_uniform(w)
print(w)
