"""An autoencoder-style stack built by a function that hands layer i to GPU `i % device_count`.

Each layer waits for the one before it on another GPU, and nothing moves the activations between
them: on a machine with two GPUs the second layer receives a tensor from the first GPU.
"""

import torch
from torch import nn

WIDTH = 12


def build_stack(depth, width=WIDTH):
    layers = []
    for i in range(depth):
        layer = nn.Linear(width, width)
        if torch.cuda.is_available():
            layer = layer.cuda(i % torch.cuda.device_count())
        layers.append(layer)
        layers.append(nn.ReLU())
    return nn.Sequential(*layers)


def main():
    torch.manual_seed(0)
    model = build_stack(4)
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-2)
    signal = torch.randn(32, WIDTH)
    target = torch.roll(signal, 1, dims=1)

    for step in range(5):
        optimizer.zero_grad()
        loss = nn.functional.mse_loss(model(signal), target)
        loss.backward()
        optimizer.step()
    print(f"final loss {loss.item():.4f}")
    return {"loss": loss.detach(), "first": model[0].weight.detach()}


def run():
    return main()


if __name__ == "__main__":
    main()
