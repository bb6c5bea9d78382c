"""A 2017-style classifier loop: every batch of the DataLoader is wrapped in `Variable` before use,
and the smoothed targets are a legacy `torch.FloatTensor(n, k)` filled on the host, then copied to
the device.

The batches are tensors the loader stacks afresh for each step, with no gradient history: wrapping
them changed nothing then and changes nothing now.
"""

import torch
from torch import nn
from torch.autograd import Variable
from torch.utils.data import DataLoader, TensorDataset

CLASSES = 3


def run():
    torch.manual_seed(0)
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    features = torch.randn(48, 6, generator=torch.Generator().manual_seed(7))
    targets = features[:, :CLASSES].argmax(1)
    loader = DataLoader(TensorDataset(features, targets), batch_size=16)

    model = nn.Sequential(nn.Linear(6, 12), nn.ReLU(), nn.Linear(12, CLASSES)).to(device)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.5)
    for epoch in range(2):
        for i, (inputs, labels) in enumerate(loader):
            inputs, labels = Variable(inputs), Variable(labels)
            inputs, labels = inputs.to(device), labels.to(device)
            smooth = Variable(torch.FloatTensor(labels.size(0), CLASSES).fill_(0.1 / CLASSES)).to(device)
            smooth.scatter_(1, labels.unsqueeze(1), 0.9 + 0.1 / CLASSES)
            optimizer.zero_grad()
            loss = -(smooth * model(inputs).log_softmax(1)).sum(1).mean()
            loss.backward()
            optimizer.step()
    return {"loss": loss.detach(), "weight": model[0].weight.detach()}
