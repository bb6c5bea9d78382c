"""Negative case: legacy names that construct nothing. `Variable` is only used in an isinstance check
(so its import stays), `torch.FloatTensor` only in annotations, `.type()` is asked for a type name,
and `Batch` is bound twice, so a call of it is not known to be the legacy constructor.
"""

import torch
from torch import nn
from torch.autograd import Variable

Batch = torch.FloatTensor
Batch = list


def describe(x: torch.FloatTensor) -> str:
    kind = "variable" if isinstance(x, Variable) else "other"
    return f"{kind}:{x.type()}"


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model = nn.Linear(3, 2).to(device)
    rows = Batch([[0.5, 1.0, -1.0], [2.0, 0.0, 1.5]])
    x = torch.tensor(rows, device=device)
    out = model(x)
    assert describe(out).startswith("variable:")
    return {"out": out.detach()}
