"""The word language model's `repackage_hidden` of 2017: `if type(h) == Variable:` detach, else
recurse into the tuple.

Since PyTorch 0.4 `Variable(x)` returns a plain tensor and no value's type is `Variable`: every hidden
state is taken for a tuple and iterated down to its 0-dim elements, which raises. Comparing with
`torch.Tensor` detaches the states as before. `reference()` does it with `.detach()`.
"""

import torch
from torch import nn
from torch.autograd import Variable


def repackage_hidden(h):
    if type(h) == Variable:
        return h.detach()
    return tuple(repackage_hidden(v) for v in h)


def train(steps=3):
    torch.manual_seed(0)
    lstm = nn.LSTM(4, 6)
    head = nn.Linear(6, 4)
    params = list(lstm.parameters()) + list(head.parameters())
    optimizer = torch.optim.SGD(params, lr=0.1)
    data = torch.randn(steps, 5, 2, 4)
    hidden = (torch.zeros(1, 2, 6), torch.zeros(1, 2, 6))
    losses = []
    for i in range(steps):
        hidden = repackage_hidden(hidden)
        optimizer.zero_grad()
        out, hidden = lstm(data[i], hidden)
        loss = (head(out) - data[i]).pow(2).mean()
        loss.backward()
        optimizer.step()
        losses.append(loss.detach())
    return torch.stack(losses)


def run():
    return {"losses": train()}


def reference():
    torch.manual_seed(0)
    lstm = nn.LSTM(4, 6)
    head = nn.Linear(6, 4)
    params = list(lstm.parameters()) + list(head.parameters())
    optimizer = torch.optim.SGD(params, lr=0.1)
    data = torch.randn(3, 5, 2, 4)
    hidden = (torch.zeros(1, 2, 6), torch.zeros(1, 2, 6))
    losses = []
    for i in range(3):
        hidden = tuple(h.detach() for h in hidden)
        optimizer.zero_grad()
        out, hidden = lstm(data[i], hidden)
        loss = (head(out) - data[i]).pow(2).mean()
        loss.backward()
        optimizer.step()
        losses.append(loss.detach())
    return {"losses": torch.stack(losses)}
