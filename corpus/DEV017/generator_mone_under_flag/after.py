"""A WGAN generator step of 2017: `errG.backward(mone)` to maximise the critic's score, with
`mone = torch.FloatTensor([-1])` moved by `.cuda()` under a flag.

Since PyTorch 0.4 the mean is 0-dim and a gradient of shape (1,) raises a shape mismatch.
`(-errG).backward()` sends -1 back, as `mone` did. `reference()` minimises `-errG`.
"""

import torch
from torch import nn

use_cuda = torch.cuda.is_available()


def models():
    torch.manual_seed(0)
    return nn.Linear(3, 2), nn.Linear(2, 1)


def run():
    netG, netD = models()
    optimizer = torch.optim.SGD(netG.parameters(), lr=0.1)
    mone = torch.tensor([-1], dtype=torch.float32, device="cuda" if use_cuda else "cpu")
    z = torch.randn(8, 3, generator=torch.Generator().manual_seed(2))
    scores = []
    for _ in range(3):
        optimizer.zero_grad()
        errG = netD(netG(z)).mean()
        (-errG).backward()
        optimizer.step()
        scores.append(errG.detach())
    return {"scores": torch.stack(scores), "weight": netG.weight.detach()}


def reference():
    netG, netD = models()
    optimizer = torch.optim.SGD(netG.parameters(), lr=0.1)
    z = torch.randn(8, 3, generator=torch.Generator().manual_seed(2))
    scores = []
    for _ in range(3):
        optimizer.zero_grad()
        errG = netD(netG(z)).mean()
        (-errG).backward()
        optimizer.step()
        scores.append(errG.detach())
    return {"scores": torch.stack(scores), "weight": netG.weight.detach()}
