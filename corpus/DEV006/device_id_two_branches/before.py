"""A gated stack whose layer i gets its GPU id from an if/else: `i % NUM_GPUS` with several GPUs,
GPU 0 with one, then `torch.device("cuda", device_id)`.

With two GPUs, layer 1 sits on the second GPU and receives the first layer's output from the first:
the forward pass stops at the second layer. On a machine without a GPU the placement is skipped.
"""

import torch
from torch import nn

NUM_GPUS = torch.cuda.device_count()


class GatedStack(nn.Module):
    def __init__(self, width=10, depth=3):
        super().__init__()
        self.layers = nn.ModuleList()
        for i in range(depth):
            if NUM_GPUS > 1:
                device_id = i % NUM_GPUS
            else:
                device_id = 0
            layer = nn.Linear(width, width)
            if torch.cuda.is_available():
                layer = layer.to(torch.device("cuda", device_id))
            self.layers.append(layer)

    def forward(self, x):
        for layer in self.layers:
            x = torch.sigmoid(layer(x)) * x
        return x


def train(steps=4):
    torch.manual_seed(3)
    model = GatedStack()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
    data = torch.randn(16, 10)
    for _ in range(steps):
        optimizer.zero_grad()
        loss = model(data).pow(2).mean()
        loss.backward()
        optimizer.step()
    return {"loss": loss.detach(), "weight": model.layers[-1].weight.detach()}


def run():
    return train()


if __name__ == "__main__":
    train()
