"""A WGAN critic step in the 2017 style: `errD_real.backward(one)`, `errD_fake.backward(mone)` with
`one = torch.FloatTensor([1])` and `mone = one * -1`.

Since PyTorch 0.4 the critic's mean is a 0-dim tensor and a gradient of shape (1,) no longer matches
it: `backward` raises a shape mismatch at the first step. `backward()` uses the gradient 1, and
`(-errD_fake).backward()` sends -1 back, as the one-element tensors did. `reference()` computes the
same numbers with today's API.
"""

import torch
from torch import nn


def make_critic():
    torch.manual_seed(0)
    return nn.Sequential(nn.Linear(2, 8), nn.ReLU(), nn.Linear(8, 1))


def critic_steps(steps=3):
    netD = make_critic()
    optimizer = torch.optim.SGD(netD.parameters(), lr=0.05)
    one = torch.FloatTensor([1])
    mone = one * -1
    gen = torch.Generator().manual_seed(1)
    history = []
    for _ in range(steps):
        real = torch.randn(16, 2, generator=gen) + 2.0
        fake = torch.randn(16, 2, generator=gen)
        optimizer.zero_grad()
        errD_real = netD(real).mean()
        errD_real.backward(one)
        errD_fake = netD(fake).mean()
        errD_fake.backward(mone)
        optimizer.step()
        history.append((errD_real - errD_fake).detach())
    return torch.stack(history), netD


def run():
    history, netD = critic_steps()
    return {"history": history, "weight": netD[0].weight.detach()}


def reference():
    netD = make_critic()
    optimizer = torch.optim.SGD(netD.parameters(), lr=0.05)
    gen = torch.Generator().manual_seed(1)
    history = []
    for _ in range(3):
        real = torch.randn(16, 2, generator=gen) + 2.0
        fake = torch.randn(16, 2, generator=gen)
        optimizer.zero_grad()
        loss = netD(fake).mean() - netD(real).mean()
        (-loss).backward()
        optimizer.step()
        history.append(-loss.detach())
    return {"history": torch.stack(history), "weight": netD[0].weight.detach()}
