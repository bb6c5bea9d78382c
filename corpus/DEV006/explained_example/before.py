"""The shape `autofix explain DEV006` shows: blocks appended to an nn.ModuleList, block i moved to
`f"cuda:{i % num_gpus}"` as it is appended, and a training function the main block calls.

With two GPUs the second block receives the first block's output from the other GPU. Without a GPU
`num_gpus` is 0 and the model cannot be built.
"""

import torch
from torch import nn

num_gpus = torch.cuda.device_count()


class Stack(nn.Module):
    def __init__(self, blocks=4, hidden=8):
        super().__init__()
        self.blocks = nn.ModuleList()
        for i in range(blocks):
            block = nn.Linear(hidden, hidden)
            self.blocks.append(block.to(f"cuda:{i % num_gpus}"))

    def forward(self, x):
        for block in self.blocks:
            x = torch.tanh(block(x))
        return x


def train():
    torch.manual_seed(5)
    model = Stack()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for step in range(4):
        batch = torch.randn(4, 8)
        loss = model(batch).sum()
        loss.backward()
        optimizer.step()
    print("done")
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
