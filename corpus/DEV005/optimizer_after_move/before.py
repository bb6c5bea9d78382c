"""Negative case: the model is moved first and the optimizer and scheduler are built after it."""

import torch
from torch import nn


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model = nn.Sequential(nn.Linear(6, 6), nn.ReLU(), nn.Linear(6, 1))
    model = model.to(device)
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-2, weight_decay=0.01)
    scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=2, gamma=0.5)

    x = torch.randn(24, 6, device=device)
    y = x.sum(1, keepdim=True)
    for _ in range(4):
        optimizer.zero_grad()
        loss = nn.functional.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()
        scheduler.step()
    return {"loss": loss.detach(), "weight": model[0].weight.detach()}
