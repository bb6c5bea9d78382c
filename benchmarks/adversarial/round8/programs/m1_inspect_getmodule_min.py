import inspect
import types
import torch
import torch.nn.functional as F


def _f():
    pass


inspect.getmodule(_f).F = types.SimpleNamespace(sigmoid=torch.relu)
print(F.sigmoid(torch.tensor([-1.0, 2.0])))
