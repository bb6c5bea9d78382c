import types
import torch
import torch.nn.functional as F


def _f():
    pass


getattr(_f, "__globals__")["F"] = types.SimpleNamespace(sigmoid=torch.relu)
print(F.sigmoid(torch.tensor([-1.0, 2.0])))
