"""An autoencoder-style stack built by a function that hands layer i to GPU `i % device_count`.

Each layer waits for the one before it on another GPU, and nothing moves the activations between
them: on a machine with two GPUs the second layer receives a tensor from the first GPU.
"""

import torch
from torch import nn
import os
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel

WIDTH = 12


def build_stack(depth, width=WIDTH):
    layers = []
    for i in range(depth):
        layer = nn.Linear(width, width)
        layers.append(layer)
        layers.append(nn.ReLU())
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


def main():
    rank, local_rank, world_size, device = setup_distributed()
    torch.manual_seed(0)
    model = build_stack(4)
    model = model.to(device)
    ddp_model = model
    if world_size > 1:
        ddp_model = DistributedDataParallel(model, device_ids=[local_rank] if torch.cuda.is_available() else None)
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-2)
    signal = torch.randn(32, WIDTH, device=device)
    target = torch.roll(signal, 1, dims=1)

    for step in range(5):
        optimizer.zero_grad()
        loss = nn.functional.mse_loss(ddp_model(signal), target)
        loss.backward()
        optimizer.step()
    if rank == 0:
        print(f"final loss {loss.item():.4f}")
    if world_size > 1:
        dist.destroy_process_group()
    return {"loss": loss.detach(), "first": model[0].weight.detach()}


def run():
    return main()


if __name__ == "__main__":
    main()
