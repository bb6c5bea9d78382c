"""A gated stack whose layer i gets its GPU id from an if/else: `i % NUM_GPUS` with several GPUs,
GPU 0 with one, then `torch.device("cuda", device_id)`.

With two GPUs, layer 1 sits on the second GPU and receives the first layer's output from the first:
the forward pass stops at the second layer. On a machine without a GPU the placement is skipped.
"""

import torch
from torch import nn
import os
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel

NUM_GPUS = torch.cuda.device_count()


class GatedStack(nn.Module):
    def __init__(self, width=10, depth=3):
        super().__init__()
        self.layers = nn.ModuleList()
        for i in range(depth):
            layer = nn.Linear(width, width)
            self.layers.append(layer)

    def forward(self, x):
        for layer in self.layers:
            x = torch.sigmoid(layer(x)) * x
        return x


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


def train(steps=4):
    rank, local_rank, world_size, device = setup_distributed()
    torch.manual_seed(3)
    model = GatedStack()
    model = model.to(device)
    ddp_model = model
    if world_size > 1:
        ddp_model = DistributedDataParallel(model, device_ids=[local_rank] if torch.cuda.is_available() else None)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
    data = torch.randn(16, 10, device=device)
    for _ in range(steps):
        optimizer.zero_grad()
        loss = ddp_model(data).pow(2).mean()
        loss.backward()
        optimizer.step()
    if world_size > 1:
        dist.destroy_process_group()
    return {"loss": loss.detach(), "weight": model.layers[-1].weight.detach()}


def run():
    return train()


if __name__ == "__main__":
    train()
