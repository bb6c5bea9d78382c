"""Negative case: the model is moved, then the optimizer is built; when the validation loss gets
worse the best weights are reloaded and the model is moved again inside the training loop. That
second move is not the first one: the optimizer is already where it belongs.
"""

import copy

import torch
from torch import nn


def run():
    torch.manual_seed(0)
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model = nn.Sequential(nn.Linear(5, 8), nn.Tanh(), nn.Linear(8, 1))
    model = model.to(device)

    model.train()
    optimizer = torch.optim.Adam(model.parameters(), lr=0.05)

    data = torch.randn(40, 5, generator=torch.Generator().manual_seed(5))
    x, y = data.to(device), data.sum(1, keepdim=True).to(device)
    best, best_state, best_optim = float("inf"), None, None
    for step in range(6):
        optimizer.zero_grad()
        loss = nn.functional.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()
        val = nn.functional.mse_loss(model(x), y).item()
        if val < best:
            best = val
            best_state = copy.deepcopy(model.state_dict())
            best_optim = copy.deepcopy(optimizer.state_dict())
        elif step % 2 == 1:
            model.load_state_dict(best_state)
            model = model.to(device)
            optimizer.load_state_dict(best_optim)
    return {"loss": loss.detach(), "weight": model[0].weight.detach()}
