"""A trainer class that takes the networks it is handed to the GPU when there is one, and a script that
builds the optimizer only afterwards, over the parameters of both networks gathered in one list.

Correct as written: the networks are moved inside the trainer's constructor, before the optimizer is
built, so its state is created where the parameters are. Nothing to change.
"""

import torch
from torch import nn, optim


class Trainer:
    def __init__(self, encoder, decoder):
        self.encoder, self.decoder = encoder, decoder
        self._to_device()

    def _to_device(self):
        if torch.cuda.is_available():
            self.encoder.cuda()
            self.decoder.cuda()

    def device(self):
        return next(self.encoder.parameters()).device

    def step(self, optimizer, x):
        optimizer.zero_grad()
        loss = ((self.decoder(self.encoder(x)) - x) ** 2).mean()
        loss.backward()
        optimizer.step()
        return loss.detach()


def run():
    torch.manual_seed(0)
    encoder = nn.Sequential(nn.Linear(4, 2), nn.Tanh())
    decoder = nn.Linear(2, 4)
    trainer = Trainer(encoder, decoder)
    params = list(encoder.parameters()) + list(decoder.parameters())
    optimizer = optim.Adagrad(params, lr=0.1)
    x = torch.randn(8, 4, generator=torch.Generator().manual_seed(1)).to(trainer.device())
    for _ in range(3):
        loss = trainer.step(optimizer, x)
    return {"loss": loss, "weight": decoder.weight.detach()}
