"""A retrieval trainer's style: a `--gpu_id` option (an int, default 0) picks the one GPU, and the
model and batches go there through a device text built from it (`"cuda:{}".format(...)`,
`"cuda:%d" % ...`, an f-string). On a machine without a GPU the first move stops the run; where
there is one, the same GPU is used as before.
"""

import argparse

import torch
from torch import nn

parser = argparse.ArgumentParser()
parser.add_argument("--gpu_id", type=int, default=0)
parser.add_argument("--steps", type=int, default=3)
args = parser.parse_args([])
device = torch.device(f"cuda:{args.gpu_id}" if torch.cuda.is_available() else "cpu")


def run():
    torch.manual_seed(0)
    scorer = nn.Linear(4, 2).to(device)
    optimizer = torch.optim.SGD(scorer.parameters(), lr=0.1)
    queries, targets = torch.randn(8, 4), torch.randn(8, 2)
    for _ in range(args.steps):
        optimizer.zero_grad()
        noise = torch.zeros(8, 2, device=device)
        out = scorer(queries.to(device)) + noise
        loss = ((out - targets.to(device)) ** 2).mean()
        loss.backward()
        optimizer.step()
    return {"loss": loss.detach(), "weight": scorer.weight.detach()}
