"""An encoder built by a function that hands layer i to GPU `device = i % torch.cuda.device_count()`.

Nothing moves the activations between GPUs, so with two GPUs the second layer gets a tensor from
the first GPU; without a GPU, `i % 0` stops the program before it trains at all.
"""

import torch
from torch import nn
import os
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel

SIZES = (6, 12, 12, 3)


def build_encoder(sizes=SIZES):
    layers = []
    for i, (fan_in, fan_out) in enumerate(zip(sizes, sizes[1:])):
        layers.append(nn.Linear(fan_in, fan_out))
        layers.append(nn.Tanh())
    return nn.Sequential(*layers)


def setup_distributed():
    """Join the process group torchrun describes in the environment.

    Run plainly (`python script.py`) there is no such environment: a group of one, nothing to join.
    """
    rank = int(os.environ.get("RANK", 0))
    local_rank = int(os.environ.get("LOCAL_RANK", 0))
    world_size = int(os.environ.get("WORLD_SIZE", 1))
    if torch.cuda.is_available():
        torch.cuda.set_device(local_rank)
        device = torch.device("cuda", local_rank)
    else:
        device = torch.device("cpu")
    if world_size > 1:
        dist.init_process_group(backend="nccl" if torch.cuda.is_available() else "gloo")
    return rank, local_rank, world_size, device


def fit():
    rank, local_rank, world_size, device = setup_distributed()
    torch.manual_seed(7)
    encoder = build_encoder()
    encoder = encoder.to(device)
    ddp_model = encoder
    if world_size > 1:
        ddp_model = DistributedDataParallel(encoder, device_ids=[local_rank] if torch.cuda.is_available() else None)
    optimizer = torch.optim.Adam(encoder.parameters(), lr=1e-2)
    points = torch.randn(24, SIZES[0], device=device)
    for _ in range(3):
        optimizer.zero_grad()
        loss = ddp_model(points).abs().mean()
        loss.backward()
        optimizer.step()
    if world_size > 1:
        dist.destroy_process_group()
    return {"loss": loss.detach(), "last": encoder[-2].bias.detach()}


def run():
    return fit()


def reference():
    """The same fit on one device: the encoder built without any placement."""
    torch.manual_seed(7)
    layers = []
    for fan_in, fan_out in zip(SIZES, SIZES[1:]):
        layers += [nn.Linear(fan_in, fan_out), nn.Tanh()]
    encoder = nn.Sequential(*layers)
    optimizer = torch.optim.Adam(encoder.parameters(), lr=1e-2)
    points = torch.randn(24, SIZES[0])
    for _ in range(3):
        optimizer.zero_grad()
        loss = encoder(points).abs().mean()
        loss.backward()
        optimizer.step()
    return {"loss": loss.detach(), "last": encoder[-2].bias.detach()}


if __name__ == "__main__":
    fit()
