"""A regression script that already chose a portable `DEVICE`, then forgot it in three places: the
batch is moved with `.cuda()`, the checkpoint is reloaded through a `.cuda()` lambda, and the
builder is called with `use_gpu=True`. Its `--cuda` option cannot be switched off either.
(The emulated GPU cannot run a `.cuda()` map_location lambda, so `reference()` gives the results.)
"""

import argparse
import io

import torch
from torch import nn

DEVICE = torch.device("cuda" if torch.cuda.is_available() else "cpu")


def options(argv):
    parser = argparse.ArgumentParser()
    parser.add_argument("--cuda", action="store_true", default=torch.cuda.is_available())
    return parser.parse_args(argv)


def build(use_gpu):
    model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
    if use_gpu:
        model = model.cuda()
    return model


def run():
    torch.manual_seed(0)
    args = options([])
    model = build(use_gpu=torch.cuda.is_available())
    inputs = torch.randn(16, 4, generator=torch.Generator().manual_seed(1)).to(DEVICE)
    targets = inputs.sum(dim=1, keepdim=True)
    if args.cuda:
        targets = targets.cuda()
    loss = nn.functional.mse_loss(model(inputs), targets)
    loss.backward()
    buffer = io.BytesIO()
    torch.save(model.state_dict(), buffer)
    buffer.seek(0)
    state = torch.load(buffer, map_location=DEVICE)
    return {"loss": loss.detach(), "bias": state["2.bias"], "grad": model[0].weight.grad}


def reference():
    """The same training step and reload, written for the CPU alone."""
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
    inputs = torch.randn(16, 4, generator=torch.Generator().manual_seed(1))
    loss = nn.functional.mse_loss(model(inputs), inputs.sum(dim=1, keepdim=True))
    loss.backward()
    return {"loss": loss.detach(), "bias": model[2].bias.detach(), "grad": model[0].weight.grad}
