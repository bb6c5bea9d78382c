"""The evaluation function of a 2017 classifier example: the test loss is summed over batches as
`F.nll_loss(output, target, size_average=False).data[0]`, and a VAE-style loss helper's result is read
the same way.

On PyTorch 0.4 and later both reads raise IndexError (the losses are 0-dim tensors), outside any
training loop. They become `.item()`; the legacy `size_average=False` still means a summed loss.
`reference()` computes the same numbers with today's API.
"""

import torch
import torch.nn.functional as F
from torch import nn


def make_batches():
    torch.manual_seed(0)
    return [(torch.randn(8, 6), torch.randint(0, 3, (8,))) for _ in range(3)]


def vae_style_loss(recon, x, mu, logvar):
    reconstruction = F.mse_loss(recon, x, reduction="sum")
    kld = -0.5 * torch.sum(1 + logvar - mu.pow(2) - logvar.exp())
    return reconstruction + kld


def evaluate(model, batches):
    test_loss = 0
    correct = 0
    for data, target in batches:
        output = F.log_softmax(model(data), dim=1)
        test_loss += F.nll_loss(output, target, reduction="sum").item()
        pred = output.argmax(1)
        correct += int(pred.eq(target).sum())
    return test_loss / 24, correct


def run():
    torch.manual_seed(0)
    model = nn.Linear(6, 3)
    mean_loss, correct = evaluate(model, make_batches())
    x = torch.randn(4, 6)
    mu, logvar = torch.randn(4, 2), torch.randn(4, 2)
    vae = vae_style_loss(torch.sigmoid(x), x, mu, logvar)
    return {"loss": torch.tensor(mean_loss), "correct": torch.tensor(correct), "vae": torch.tensor(vae.item())}


def reference():
    torch.manual_seed(0)
    model = nn.Linear(6, 3)
    total, correct = 0.0, 0
    for data, target in make_batches():
        output = F.log_softmax(model(data), dim=1)
        total += F.nll_loss(output, target, reduction="sum").item()
        correct += int(output.argmax(1).eq(target).sum())
    x = torch.randn(4, 6)
    mu, logvar = torch.randn(4, 2), torch.randn(4, 2)
    recon = F.mse_loss(torch.sigmoid(x), x, reduction="sum")
    kld = -0.5 * torch.sum(1 + logvar - mu.pow(2) - logvar.exp())
    return {"loss": torch.tensor(total / 24), "correct": torch.tensor(correct), "vae": torch.tensor((recon + kld).item())}
