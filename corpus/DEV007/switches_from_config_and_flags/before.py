"""A sentence classifier configured the 2018 way: a config dict says `"use_cuda": True`, the command
line offers only `--no_cuda` (so `args.cuda` is on unless the user remembers the flag), the GPU is
picked with `torch.cuda.set_device` and waited for with `torch.cuda.synchronize`. On a CPU-only
machine the first guarded `.cuda()` stops it.
"""

import argparse

import torch
from torch import nn

config = {"hidden": 8, "use_cuda": True}


def parse(argv):
    parser = argparse.ArgumentParser()
    parser.add_argument("--no_cuda", action="store_true")
    parser.add_argument("--gpu_id", type=int, default=0)
    args = parser.parse_args(argv)
    args.cuda = not args.no_cuda
    return args


def run():
    args = parse([])
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(6, config["hidden"]), nn.Tanh(), nn.Linear(config["hidden"], 3))
    if config["use_cuda"]:
        model = model.cuda()
    # choose the GPU given on the command line
    torch.cuda.set_device(args.gpu_id)
    sentences = torch.randn(10, 6, generator=torch.Generator().manual_seed(1))
    labels = torch.arange(10) % 3
    if args.cuda:
        sentences, labels = sentences.cuda(), labels.cuda()
    loss = nn.functional.cross_entropy(model(sentences), labels)
    loss.backward()
    torch.cuda.synchronize()  # the step is done before the results are read
    return {"loss": loss.detach(), "grad": model[0].weight.grad}
