"""Negative case: round-robin blocks, and a training step in a helper that receives the model.

The scaffolding would route `model(...)` calls in the entry function through the
DistributedDataParallel wrapper, but the forward pass here happens inside `step(model, ...)`: under
torchrun its gradients would not be averaged. DEV006 reports what is missing and changes nothing.
"""

import torch
from torch import nn

num_gpus = torch.cuda.device_count()


class Blocks(nn.Module):
    def __init__(self, width=4, depth=2):
        super().__init__()
        self.blocks = nn.ModuleList()
        for i in range(depth):
            block = nn.Linear(width, width)
            if num_gpus:
                block = block.to(f"cuda:{i % num_gpus}")
            self.blocks.append(block)

    def forward(self, x):
        for block in self.blocks:
            x = block(x.to(block.weight.device))
        return x


def step(model, optimizer, batch):
    optimizer.zero_grad()
    loss = model(batch).square().mean()
    loss.backward()
    optimizer.step()
    return loss


def train():
    torch.manual_seed(4)
    model = Blocks()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    batch = torch.randn(6, 4)
    for _ in range(3):
        loss = step(model, optimizer, batch)
    return {"loss": loss.detach().cpu()}


def run():
    return train()


if __name__ == "__main__":
    train()
