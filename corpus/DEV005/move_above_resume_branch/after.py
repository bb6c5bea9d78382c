"""A regressor that either resumes an Adagrad run from a saved state or starts one, then moves the
model to the device.

Adagrad creates its accumulators when it is built, where the parameters are then: on the CPU, so
the first step on a GPU mixes devices; state loaded into it before the move stays behind too. The
model is built before the `if`, and the `if` only loads into it and builds from it: the move goes
above the `if`, and both paths build after it.
"""

import torch
from torch import nn


def make_state():
    torch.manual_seed(1)
    model = nn.Linear(6, 1)
    optimizer = torch.optim.Adagrad(model.parameters(), lr=0.1)
    model(torch.randn(5, 6)).pow(2).mean().backward()
    optimizer.step()
    return {"model": model.state_dict(), "optimizer": optimizer.state_dict()}


def run(resume=True):
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    torch.manual_seed(0)
    model = nn.Linear(6, 1)
    model = model.to(device)
    if resume:
        state = make_state()
        model.load_state_dict(state["model"])
        optimizer = torch.optim.Adagrad(model.parameters(), lr=0.1)
        optimizer.load_state_dict(state["optimizer"])
    else:
        optimizer = torch.optim.Adagrad(model.parameters(), lr=0.1)

    x = torch.randn(8, 6, device=device)
    y = torch.randn(8, 1, device=device)
    for _ in range(3):
        optimizer.zero_grad()
        loss = nn.functional.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()
    return {"loss": loss.detach(), "weight": model.weight.detach()}
