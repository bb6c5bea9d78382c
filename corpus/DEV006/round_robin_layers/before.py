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
            device_id = i % num_gpus if num_gpus else 0
            block = nn.Sequential(nn.Linear(hidden, hidden), nn.Tanh())
            block = block.to(f"cuda:{device_id}") if torch.cuda.is_available() else block
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


def run():
    torch.manual_seed(0)
    model = ResidualMLP()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    dataset = make_dataset()
    loader = DataLoader(dataset, batch_size=GLOBAL_BATCH, shuffle=False)

    for epoch in range(STEPS):
        for inputs, targets in loader:
            optimizer.zero_grad()
            loss = nn.functional.mse_loss(model(inputs), targets)
            loss.backward()
            optimizer.step()
        print(f"epoch {epoch}: loss {loss.item():.4f}")

    torch.save(model.state_dict(), CHECKPOINT)
    return {name: param.detach() for name, param in model.named_parameters()}


if __name__ == "__main__":
    run()
