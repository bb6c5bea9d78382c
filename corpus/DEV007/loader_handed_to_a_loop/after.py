"""An ImageNet-example-style trainer: `main` builds the loader and the model, `train` moves each
batch with `.cuda(non_blocking=True)`.

The batches come from a `DataLoader` that every call of `train` hands it, so they are tensors, whose
`.to(device)` is their `.cuda()`; the model is an instance of the file's own `nn.Module`.
"""

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")


class TinyNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(6, 3)

    def forward(self, x):
        return self.fc(x)


def train(loader, model, criterion, optimizer):
    for inputs, targets in loader:
        inputs, targets = inputs.to(device, non_blocking=True), targets.to(device, non_blocking=True)
        loss = criterion(model(inputs), targets)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    return loss.detach()


def run():
    torch.manual_seed(0)
    host = torch.Generator().manual_seed(1)
    data = TensorDataset(torch.randn(12, 6, generator=host), torch.randint(0, 3, (12,), generator=host))
    loader = DataLoader(data, batch_size=4)
    model = TinyNet().to(device)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    losses = [train(loader, model, nn.CrossEntropyLoss(), optimizer) for _ in range(2)]
    return {"losses": torch.stack(losses), "weight": model.fc.weight.detach()}
