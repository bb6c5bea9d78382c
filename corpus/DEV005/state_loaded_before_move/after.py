"""A classifier resumed from a saved run: the optimizer is built and its state loaded, then the
model is moved.

`load_state_dict` casts the saved state to the devices the parameters are on at that moment: the
CPU. After the move the gradients are on the GPU and Adam's first step mixes devices. The
construction cannot go below the move (the state is loaded into it first), but the move can come
first: everything in between only builds from the model or loads into it.
"""

import torch
from torch import nn


def saved_run():
    torch.manual_seed(1)
    model = nn.Sequential(nn.Linear(5, 7), nn.Tanh(), nn.Linear(7, 3))
    optimizer = torch.optim.Adam(model.parameters(), lr=0.01)
    nn.functional.cross_entropy(model(torch.randn(4, 5)), torch.tensor([0, 1, 2, 1])).backward()
    optimizer.step()
    return {"model": model.state_dict(), "optimizer": optimizer.state_dict()}


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    checkpoint = saved_run()
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(5, 7), nn.Tanh(), nn.Linear(7, 3))
    model.load_state_dict(checkpoint["model"])
    model.to(device)
    optimizer = torch.optim.Adam(model.parameters(), lr=0.01)
    optimizer.load_state_dict(checkpoint["optimizer"])

    x = torch.randn(6, 5, device=device)
    y = torch.tensor([0, 1, 2, 0, 1, 2], device=device)
    for _ in range(3):
        optimizer.zero_grad()
        loss = nn.functional.cross_entropy(model(x), y)
        loss.backward()
        optimizer.step()
    return {"loss": loss.detach(), "last": model[2].weight.detach()}
