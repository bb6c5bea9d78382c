"""DEV005 base: the optimizer is built before the model is moved (Adagrad's state stays behind)."""

import torch
from torch import nn


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    torch.manual_seed(0)
    model = nn.Linear(8, 2)
    optimizer = torch.optim.Adagrad(model.parameters(), lr=0.1)
    model.to(device)
    x = torch.linspace(-1, 1, 64, device=device).reshape(8, 8)
    for _ in range(3):
        optimizer.zero_grad()
        loss = model(x).pow(2).mean()
        loss.backward()
        optimizer.step()
    return {"weight": model.weight.detach()}
