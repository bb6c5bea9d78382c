"""The shape `autofix explain DEV006` shows: blocks appended to an nn.ModuleList, block i moved to
`f"cuda:{i % num_gpus}"` as it is appended, and a training function the main block calls.

With two GPUs the second block receives the first block's output from the other GPU. Without a GPU
`num_gpus` is 0 and the model cannot be built.
"""

import torch
from torch import nn
import os
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel

num_gpus = torch.cuda.device_count()


class Stack(nn.Module):
    def __init__(self, blocks=4, hidden=8):
        super().__init__()
        self.blocks = nn.ModuleList()
        for i in range(blocks):
            block = nn.Linear(hidden, hidden)
            self.blocks.append(block)

    def forward(self, x):
        for block in self.blocks:
            x = torch.tanh(block(x))
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


def train():
    rank, local_rank, world_size, device = setup_distributed()
    torch.manual_seed(5)
    model = Stack()
    model = model.to(device)
    ddp_model = model
    if world_size > 1:
        ddp_model = DistributedDataParallel(model, device_ids=[local_rank] if torch.cuda.is_available() else None)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for step in range(4):
        batch = torch.randn(4, 8, device=device)
        loss = ddp_model(batch).sum()
        loss.backward()
        optimizer.step()
    if rank == 0:
        print("done")
    if world_size > 1:
        dist.destroy_process_group()
    return {"loss": loss.detach(), "first": model.blocks[0].weight.detach()}


def run():
    return train()


def reference():
    """The same steps with the four blocks on one device."""
    torch.manual_seed(5)
    blocks = nn.ModuleList([nn.Linear(8, 8) for _ in range(4)])
    optimizer = torch.optim.SGD(blocks.parameters(), lr=0.1)
    for step in range(4):
        x = torch.randn(4, 8)
        for block in blocks:
            x = torch.tanh(block(x))
        loss = x.sum()
        loss.backward()
        optimizer.step()
    return {"loss": loss.detach(), "first": blocks[0].weight.detach()}


if __name__ == "__main__":
    train()
