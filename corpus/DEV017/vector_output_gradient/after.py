"""Look-alikes of the legacy `backward(one)`: gradients that match their outputs today.

A vector output given a gradient of its own shape, a 0-dim loss given a 0-dim weight, and a
one-element gradient of a value other than 1 or -1 on an output that is not shown to be 0-dim.
Nothing here changes.
"""

import torch
from torch import nn


def run():
    torch.manual_seed(0)
    model = nn.Linear(3, 4)
    x = torch.randn(5, 3)
    out = model(x).sum(0)
    out.backward(torch.ones(4))
    first = model.weight.grad.clone()
    model.zero_grad()
    loss = model(x).mean()
    loss.backward(torch.tensor(0.5))
    second = model.weight.grad.clone()
    model.zero_grad()
    scale = torch.tensor([2.0])
    model(x)[:, :1].sum(1).sum(0, keepdim=True).backward(scale)
    return {"first": first, "second": second, "third": model.weight.grad.clone()}
