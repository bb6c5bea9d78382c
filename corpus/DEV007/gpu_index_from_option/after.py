"""A few-shot trainer's style: a `--gpu` option (an int, default 0) picks the one GPU, and every
model and batch goes there with `.cuda(GPU)` or `.cuda(args.gpu)`. On a machine without a GPU the
first move stops the run; where there is one, the same GPU is used as before.
"""

import argparse

import torch
from torch import nn

parser = argparse.ArgumentParser()
parser.add_argument("-g", "--gpu", type=int, default=0)
parser.add_argument("--steps", type=int, default=3)
args = parser.parse_args([])
device = torch.device(f"cuda:{args.gpu}" if torch.cuda.is_available() else "cpu")
GPU = args.gpu


def run():
    torch.manual_seed(0)
    encoder = nn.Linear(4, 2)
    encoder.to(device)
    loss_fn = nn.MSELoss().to(device)
    optimizer = torch.optim.SGD(encoder.parameters(), lr=0.1)
    x, y = torch.randn(8, 4), torch.randn(8, 2)
    for _ in range(args.steps):
        optimizer.zero_grad()
        loss = loss_fn(encoder(x.to(device)), y.to(device))
        loss.backward()
        optimizer.step()
    return {"loss": loss.detach(), "weight": encoder.weight.detach()}
