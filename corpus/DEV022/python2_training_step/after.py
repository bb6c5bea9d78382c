"""A 2017 training script in Python 2: print statements (one that ends in a comma, one to a file),
`xrange`, `dict.iteritems()`, and the pre-0.4 `Variable`. Python 3 does not compile it at all;
converted, it trains as it did.
"""

import sys

import torch
import torch.nn as nn


DEVICE = torch.device("cuda" if torch.cuda.is_available() else "cpu")


def train(inputs, targets, steps):
    torch.manual_seed(0)
    model = nn.Linear(4, 2).to(DEVICE)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    criterion = nn.CrossEntropyLoss()
    for step in range(steps):
        x, y = inputs.to(DEVICE).detach(), targets.to(DEVICE).detach()
        optimizer.zero_grad()
        loss = criterion(model(x), y)
        loss.backward()
        optimizer.step()
        print("step", step, end=" ")
    print()
    print("trained", steps, "steps", file=sys.stderr)
    return dict((name, value.detach().cpu()) for name, value in model.state_dict().items())


def data():
    g = torch.Generator().manual_seed(1)
    return torch.randn(8, 4, generator=g), torch.randint(0, 2, (8,), generator=g)


def run():
    inputs, targets = data()
    return train(inputs, targets, 3)


def reference():
    inputs, targets = data()
    torch.manual_seed(0)
    model = nn.Linear(4, 2)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for _ in range(3):
        optimizer.zero_grad()
        nn.functional.cross_entropy(model(inputs), targets).backward()
        optimizer.step()
    return {name: value.detach() for name, value in model.state_dict().items()}
