"""Two translators trained together (an image-to-image setup in the 2017 style): their parameters are
gathered into one list, one Adagrad optimizer is built over that list, and only then are both networks
put on the GPU when there is one.

Adagrad creates its per-parameter state when it is built, on the CPU here: after the move, the first
step mixes devices. The optimizer belongs below the move; the list of parameters stays valid, since
moving a module keeps its parameter objects.
"""

import torch
from torch import nn, optim


class Solver:
    def __init__(self, lr=0.1):
        self.forward_net = nn.Sequential(nn.Linear(3, 8), nn.Tanh(), nn.Linear(8, 3))
        self.backward_net = nn.Sequential(nn.Linear(3, 8), nn.Tanh(), nn.Linear(8, 3))

        params = list(self.forward_net.parameters()) + list(self.backward_net.parameters())
        self.optimizer = optim.Adagrad(params, lr=lr)

        if torch.cuda.is_available():
            self.forward_net.cuda()
            self.backward_net.cuda()

    def device(self):
        return next(self.forward_net.parameters()).device

    def step(self, x):
        self.optimizer.zero_grad()
        there = self.forward_net(x)
        back = self.backward_net(there)
        loss = ((back - x) ** 2).mean() + 0.1 * (there**2).mean()
        loss.backward()
        self.optimizer.step()
        return loss.detach()


def run():
    torch.manual_seed(0)
    solver = Solver()
    x = torch.randn(16, 3, generator=torch.Generator().manual_seed(1)).to(solver.device())
    for _ in range(4):
        loss = solver.step(x)
    return {"loss": loss, "weight": solver.forward_net[0].weight.detach()}
