"""A word-level language model script of 2017: `--cuda` is declared with `action="store_false"`, so
`args.cuda` is True unless the user passes the flag, and every `if args.cuda:` sends the model and
the batches to the GPU on the plain command line. On a CPU-only machine the first guarded `.cuda()`
stops it: the test guards nothing.
"""

import argparse

import torch
from torch import nn

parser = argparse.ArgumentParser()
parser.add_argument("--cuda", action="store_false", help="use CUDA", default=torch.cuda.is_available())
parser.add_argument("--bptt", type=int, default=5)
args = parser.parse_args([])


def batchify(data, bsz):
    nbatch = data.size(0) // bsz
    data = data.narrow(0, 0, nbatch * bsz).view(bsz, -1).t().contiguous()
    if args.cuda:
        data = data.cuda()
    return data


def run():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Embedding(10, 4), nn.Linear(4, 10))
    criterion = nn.CrossEntropyLoss()
    if args.cuda:
        model = model.cuda()
        criterion = criterion.cuda()
    data = batchify(torch.arange(40) % 10, 4)
    output = model(data[: args.bptt])
    loss = criterion(output.view(-1, 10), data[1 : args.bptt + 1].reshape(-1))
    loss.backward()
    return {"loss": loss.detach(), "grad": model[0].weight.grad}
