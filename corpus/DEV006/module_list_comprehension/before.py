"""A residual mixer whose blocks are built in an nn.ModuleList comprehension, block i on GPU
`i % n`, the head on the GPU of the last block, and the activations moved from GPU to GPU in
forward.

Every hop is written out, but the output ends on the last block's GPU while the targets stay on
the CPU: the loss cannot be computed. Without a GPU, `n` is 0 and building the model divides by zero.
"""

import torch
from torch import nn

n = torch.cuda.device_count()


class Mixer(nn.Module):
    def __init__(self, width=8, depth=4):
        super().__init__()
        self.blocks = nn.ModuleList([nn.Linear(width, width).to(f"cuda:{i % n}") for i in range(depth)])
        self.head = nn.Linear(width, 2).to(f"cuda:{(depth - 1) % n}")

    def forward(self, x):
        for i, block in enumerate(self.blocks):
            x = x.to(f"cuda:{i % n}")
            x = x + torch.relu(block(x))
        return self.head(x)


def main():
    torch.manual_seed(11)
    model = Mixer()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    inputs = torch.randn(20, 8)
    targets = (inputs[:, 0] > 0).long()
    for _ in range(3):
        optimizer.zero_grad()
        loss = nn.functional.cross_entropy(model(inputs), targets)
        loss.backward()
        optimizer.step()
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
