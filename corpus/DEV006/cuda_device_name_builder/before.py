"""An encoder built by a function that hands layer i to GPU `device = i % torch.cuda.device_count()`.

Nothing moves the activations between GPUs, so with two GPUs the second layer gets a tensor from
the first GPU; without a GPU, `i % 0` stops the program before it trains at all.
"""

import torch
from torch import nn

SIZES = (6, 12, 12, 3)


def build_encoder(sizes=SIZES):
    layers = []
    for i, (fan_in, fan_out) in enumerate(zip(sizes, sizes[1:])):
        device = i % torch.cuda.device_count()
        layers.append(nn.Linear(fan_in, fan_out).cuda(device))
        layers.append(nn.Tanh())
    return nn.Sequential(*layers)


def fit():
    torch.manual_seed(7)
    encoder = build_encoder()
    optimizer = torch.optim.Adam(encoder.parameters(), lr=1e-2)
    points = torch.randn(24, SIZES[0])
    for _ in range(3):
        optimizer.zero_grad()
        loss = encoder(points).abs().mean()
        loss.backward()
        optimizer.step()
    return {"loss": loss.detach(), "last": encoder[-2].bias.detach()}


def run():
    return fit()


def reference():
    """The same fit on one device: the encoder built without any placement."""
    torch.manual_seed(7)
    layers = []
    for fan_in, fan_out in zip(SIZES, SIZES[1:]):
        layers += [nn.Linear(fan_in, fan_out), nn.Tanh()]
    encoder = nn.Sequential(*layers)
    optimizer = torch.optim.Adam(encoder.parameters(), lr=1e-2)
    points = torch.randn(24, SIZES[0])
    for _ in range(3):
        optimizer.zero_grad()
        loss = encoder(points).abs().mean()
        loss.backward()
        optimizer.step()
    return {"loss": loss.detach(), "last": encoder[-2].bias.detach()}


if __name__ == "__main__":
    fit()
