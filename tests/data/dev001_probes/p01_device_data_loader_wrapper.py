# source: search excerpt without a repository name (the jovian.ml `DeviceDataLoader` helpers, copied
#   into many course repositories)
# verdict: look-alike: the wrapper moves each batch as it yields it; the loop needs no move.
import torch
import torch.nn as nn


def get_default_device():
    if torch.cuda.is_available():
        return torch.device("cuda")
    return torch.device("cpu")


def to_device(data, device):
    if isinstance(data, (list, tuple)):
        return [to_device(x, device) for x in data]
    return data.to(device, non_blocking=True)


class DeviceDataLoader:
    def __init__(self, dl, device):
        self.dl = dl
        self.device = device

    def __iter__(self):
        for b in self.dl:
            yield to_device(b, self.device)

    def __len__(self):
        return len(self.dl)


def fit(epochs, train_dl):
    device = get_default_device()
    model = to_device(nn.Linear(784, 10), device)
    train_dl = DeviceDataLoader(train_dl, device)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for _ in range(epochs):
        for xb, yb in train_dl:
            loss = nn.functional.cross_entropy(model(xb), yb)
            loss.backward()
            opt.step()
            opt.zero_grad()
