"""A training script in the style of many 2018-2020 repositories: the network, its optimizer and the
loader are module-level globals that `train()` and `evaluate()` read, and the network is moved to the
device at the top level of the script. Neither function moves the batches it feeds to it.

`evaluate()` reads the batch by position, into a name, after other work; the labels meet the
predictions in `eq`.
"""

import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

device = "cuda" if torch.cuda.is_available() else "cpu"

torch.manual_seed(0)
features = torch.randn(40, 6)
labels = (features[:, 0] + features[:, 1] > 0).long()
train_loader = DataLoader(TensorDataset(features, labels), batch_size=8)

net = nn.Sequential(nn.Linear(6, 12), nn.ReLU(), nn.Linear(12, 2))
net = net.to(device)
criterion = nn.CrossEntropyLoss()
optimizer = torch.optim.SGD(net.parameters(), lr=0.1)


def train():
    net.train()
    losses = []
    for batch_idx, (inputs, targets) in enumerate(train_loader):
        inputs, targets = inputs.to(device), targets.to(device)
        optimizer.zero_grad()
        outputs = net(inputs)
        loss = criterion(outputs, targets)
        loss.backward()
        optimizer.step()
        losses.append(loss.detach())
    return torch.stack(losses)


def evaluate():
    correct = 0
    with torch.no_grad():
        for i, data in enumerate(train_loader):
            net.eval()
            samples = data[0].to(device)
            _, predicted = net(samples).max(1)
            correct += predicted.eq(data[1].to(device)).sum()
    return correct


def run():
    losses = train()
    return {"losses": losses, "correct": evaluate(), "weight": net[0].weight.detach()}
