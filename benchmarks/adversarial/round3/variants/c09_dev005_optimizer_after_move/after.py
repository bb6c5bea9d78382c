"""Correct after: the model is moved first, then the optimizer is built."""

import torch
from torch import nn


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    torch.manual_seed(0)
    model = nn.Linear(8, 2)
    model.to(device)
    optimizer = torch.optim.Adagrad(model.parameters(), lr=0.1)
    x = torch.linspace(-1, 1, 64, device=device).reshape(8, 8)
    for _ in range(3):
        optimizer.zero_grad()
        loss = model(x).pow(2).mean()
        loss.backward()
        optimizer.step()
    return {"weight": model.weight.detach()}
