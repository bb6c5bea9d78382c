"""A residual MLP whose blocks are spread over the GPUs round-robin, trained on a fixed batch.

Placing block i on GPU `i % num_gpus` gives no parallelism (the blocks run one after another) and the
forward pass breaks as soon as two consecutive blocks sit on different GPUs. On a machine without a
GPU the placement is skipped, which is why this ran fine on a laptop.
"""

import os
import tempfile

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel
from torch.utils.data.distributed import DistributedSampler

num_gpus = torch.cuda.device_count()
HIDDEN = 16
BLOCKS = 4
GLOBAL_BATCH = 32
STEPS = 3
CHECKPOINT = os.path.join(tempfile.gettempdir(), "round_robin_mlp.pt")


class ResidualMLP(nn.Module):
    def __init__(self, hidden=HIDDEN, blocks=BLOCKS):
        super().__init__()
        self.blocks = nn.ModuleList()
        for i in range(blocks):
            block = nn.Sequential(nn.Linear(hidden, hidden), nn.Tanh())
            self.blocks.append(block)
        self.head = nn.Linear(hidden, 1)

    def forward(self, x):
        for block in self.blocks:
            x = x + block(x)
        return self.head(x)


def make_dataset():
    generator = torch.Generator().manual_seed(1234)
    inputs = torch.randn(GLOBAL_BATCH, HIDDEN, generator=generator)
    targets = inputs.sum(dim=1, keepdim=True).sin()
    return TensorDataset(inputs, targets)


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


def run():
    rank, local_rank, world_size, device = setup_distributed()
    torch.manual_seed(0)
    model = ResidualMLP()
    model = model.to(device)
    ddp_model = model
    if world_size > 1:
        ddp_model = DistributedDataParallel(model, device_ids=[local_rank] if torch.cuda.is_available() else None)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    dataset = make_dataset()
    sampler = DistributedSampler(dataset, shuffle=False) if world_size > 1 else None
    loader = DataLoader(dataset, batch_size=GLOBAL_BATCH, shuffle=False, sampler=sampler)

    for epoch in range(STEPS):
        if sampler is not None:
            sampler.set_epoch(epoch)
        for inputs, targets in loader:
            inputs, targets = inputs.to(device), targets.to(device)
            optimizer.zero_grad()
            loss = nn.functional.mse_loss(ddp_model(inputs), targets)
            loss.backward()
            optimizer.step()
        if rank == 0:
            print(f"epoch {epoch}: loss {loss.item():.4f}")

    if rank == 0:
        torch.save(model.state_dict(), CHECKPOINT)
    if world_size > 1:
        dist.destroy_process_group()
    return {name: param.detach() for name, param in model.named_parameters()}


if __name__ == "__main__":
    run()
