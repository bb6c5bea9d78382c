"""Reported, not rewritten: a reader object builds its own optimizer in `init_optimizer()`, and the
training script calls it (on the fresh-model path only) before putting the network on the GPU. What
the method builds is out of sight of the call, so the rule reports the call and changes nothing.
"""

import torch
from torch import nn


class Reader:
    def __init__(self):
        self.network = nn.Sequential(nn.Embedding(20, 8), nn.Flatten(), nn.Linear(24, 2))
        self.optimizer = None
        self.device = torch.device("cpu")

    def init_optimizer(self):
        self.optimizer = torch.optim.Adamax(self.network.parameters(), lr=0.05)

    def to(self, device):
        self.device = torch.device(device)
        self.network = self.network.to(self.device)
        return self

    def update(self, tokens, labels):
        self.optimizer.zero_grad()
        loss = nn.functional.cross_entropy(self.network(tokens.to(self.device)), labels.to(self.device))
        loss.backward()
        self.optimizer.step()
        return loss.detach()


def run(resume=False):
    torch.manual_seed(0)
    model = Reader()
    if resume:
        model.optimizer = None
    else:
        model.init_optimizer()
    if torch.cuda.is_available():
        model.to("cuda")
    generator = torch.Generator().manual_seed(6)
    tokens = torch.randint(0, 20, (8, 3), generator=generator)
    labels = torch.randint(0, 2, (8,), generator=generator)
    losses = torch.stack([model.update(tokens, labels) for _ in range(3)])
    return {"losses": losses}
