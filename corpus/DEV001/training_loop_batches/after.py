"""Regression with an MLP: a DataLoader feeds batches to a model that lives on the GPU.

The batches come out of the loader on the CPU and go straight into the model.
"""

import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset


def make_data(n=64):
    x = torch.randn(n, 8)
    y = x[:, :1] * 2.0 - x[:, 1:2] + 0.1 * torch.randn(n, 1)
    return TensorDataset(x, y)


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model = nn.Sequential(nn.Linear(8, 16), nn.Tanh(), nn.Linear(16, 1))
    model.to(device)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
    loader = DataLoader(make_data(), batch_size=16, shuffle=False)

    losses = []
    for epoch in range(2):
        for step, (features, target) in enumerate(loader):
            features, target = features.to(device), target.to(device)
            optimizer.zero_grad()
            prediction = model(features)
            loss = nn.functional.mse_loss(prediction, target)
            loss.backward()
            optimizer.step()
            losses.append(loss.detach())

    return {"losses": torch.stack(losses), "weight": model[0].weight.detach()}
