"""Negative case: the batches are moved to the device by the loader's `collate_fn`, and the labels
are deliberately kept on the CPU for a NumPy accuracy computed next to the training loss.
"""

import numpy as np
import torch
from torch import nn
from torch.utils.data import DataLoader

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")


def to_device_collate(samples):
    features = torch.stack([s[0] for s in samples])
    labels = torch.tensor([s[1] for s in samples])
    return features.to(device), labels.to(device)


def run():
    points = [(torch.randn(4), i % 3) for i in range(30)]
    loader = DataLoader(points, batch_size=6, collate_fn=to_device_collate)
    model = nn.Linear(4, 3).to(device)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for features, labels in loader:
        optimizer.zero_grad()
        loss = nn.functional.cross_entropy(model(features), labels)
        loss.backward()
        optimizer.step()

    correct = 0
    for features, labels in DataLoader(points, batch_size=6):
        with torch.no_grad():
            predicted = model(features.to(device)).argmax(dim=1).cpu()
        correct += int(np.sum(predicted.numpy() == labels.numpy()))
    return {"loss": loss.detach(), "correct": torch.tensor(correct)}
