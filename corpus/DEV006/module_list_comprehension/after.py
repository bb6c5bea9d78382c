"""A residual mixer whose blocks are built in an nn.ModuleList comprehension, block i on GPU
`i % n`, the head on the GPU of the last block, and the activations moved from GPU to GPU in
forward.

Every hop is written out, but the output ends on the last block's GPU while the targets stay on
the CPU: the loss cannot be computed. Without a GPU, `n` is 0 and building the model divides by zero.
"""

import torch
from torch import nn
import os
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel

n = torch.cuda.device_count()


class Mixer(nn.Module):
    def __init__(self, width=8, depth=4):
        super().__init__()
        self.blocks = nn.ModuleList([nn.Linear(width, width) for i in range(depth)])
        self.head = nn.Linear(width, 2)

    def forward(self, x):
        for i, block in enumerate(self.blocks):
            x = x + torch.relu(block(x))
        return self.head(x)


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
    torch.manual_seed(11)
    model = Mixer()
    model = model.to(device)
    ddp_model = model
    if world_size > 1:
        ddp_model = DistributedDataParallel(model, device_ids=[local_rank] if torch.cuda.is_available() else None)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    inputs = torch.randn(20, 8, device=device)
    targets = (inputs[:, 0] > 0).long()
    for _ in range(3):
        optimizer.zero_grad()
        loss = nn.functional.cross_entropy(ddp_model(inputs), targets)
        loss.backward()
        optimizer.step()
    if world_size > 1:
        dist.destroy_process_group()
    return {"loss": loss.detach(), "head": model.head.weight.detach()}


def run():
    return main()


def reference():
    """The same training with every block and the head on one device."""
    torch.manual_seed(11)
    blocks = nn.ModuleList([nn.Linear(8, 8) for _ in range(4)])
    head = nn.Linear(8, 2)
    optimizer = torch.optim.SGD([*blocks.parameters(), *head.parameters()], lr=0.1)
    inputs = torch.randn(20, 8)
    targets = (inputs[:, 0] > 0).long()
    for _ in range(3):
        optimizer.zero_grad()
        x = inputs
        for block in blocks:
            x = x + torch.relu(block(x))
        loss = nn.functional.cross_entropy(head(x), targets)
        loss.backward()
        optimizer.step()
    return {"loss": loss.detach(), "head": head.weight.detach()}


if __name__ == "__main__":
    main()
