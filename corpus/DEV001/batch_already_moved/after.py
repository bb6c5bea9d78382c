"""Negative case: a classifier training loop that already moves every batch to the model's device."""

import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model = nn.Sequential(nn.Linear(10, 16), nn.ReLU(), nn.Linear(16, 3)).to(device)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    data = TensorDataset(torch.randn(48, 10), torch.randint(0, 3, (48,)))

    for inputs, labels in DataLoader(data, batch_size=12):
        inputs, labels = inputs.to(device), labels.to(device)
        optimizer.zero_grad()
        loss = nn.functional.cross_entropy(model(inputs), labels)
        loss.backward()
        optimizer.step()

    return {"weight": model[2].weight.detach(), "last_loss": loss.detach()}
