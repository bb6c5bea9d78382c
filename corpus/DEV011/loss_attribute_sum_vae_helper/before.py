"""The 2017 VAE example's loss: `reconstruction_function = nn.BCELoss()` switched to a sum with
`reconstruction_function.size_average = False`, called in a helper whose every caller reads the loss
with `.data[0]`.

Today the attribute is ignored (the loss is a mean) and `.data[0]` raises on the 0-dim loss, so no run
gets past the first step: setting `reduction = "sum"` (with `.item()` for the reads) restores what the
file computed before 0.4, safely. `reference()` computes the summed loss with today's API.
"""

import torch
import torch.nn as nn

reconstruction_function = nn.BCELoss()
reconstruction_function.size_average = False


def loss_function(recon_x, x, mu, logvar):
    bce = reconstruction_function(recon_x, x)
    kld = -0.5 * torch.sum(1 + logvar - mu.pow(2) - logvar.exp())
    return bce + kld


def make_batches():
    torch.manual_seed(0)
    return [(torch.rand(4, 8), torch.randn(4, 2), torch.randn(4, 2)) for _ in range(3)]


def train(model, batches):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
    train_loss = 0
    for x, mu, logvar in batches:
        optimizer.zero_grad()
        loss = loss_function(torch.sigmoid(model(x)), x, mu, logvar)
        loss.backward()
        train_loss += loss.data[0]
        optimizer.step()
    return train_loss


def test(model, batches):
    test_loss = 0
    for x, mu, logvar in batches:
        test_loss += loss_function(torch.sigmoid(model(x)), x, mu, logvar).data[0]
    return test_loss


def run():
    torch.manual_seed(0)
    model = nn.Linear(8, 8)
    batches = make_batches()
    return {"train": torch.tensor(train(model, batches)), "test": torch.tensor(test(model, batches))}


def reference():
    torch.manual_seed(0)
    model = nn.Linear(8, 8)
    batches = make_batches()
    bce = nn.BCELoss(reduction="sum")
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01)

    def loss_of(x, mu, logvar):
        kld = -0.5 * torch.sum(1 + logvar - mu.pow(2) - logvar.exp())
        return bce(torch.sigmoid(model(x)), x) + kld

    train_loss = 0.0
    for x, mu, logvar in batches:
        optimizer.zero_grad()
        loss = loss_of(x, mu, logvar)
        loss.backward()
        train_loss += loss.item()
        optimizer.step()
    test_loss = sum(loss_of(x, mu, logvar).item() for x, mu, logvar in batches)
    return {"train": torch.tensor(train_loss), "test": torch.tensor(test_loss)}
