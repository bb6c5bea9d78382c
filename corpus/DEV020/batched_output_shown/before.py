"""A character model whose `forward` shows a batch of one (`.view(1, -1)` into a `Linear`), trained a
character at a time against `target[c]` with `CrossEntropyLoss`.

The 0-dim `target[c]` meets a (1, classes) input: the loss raises on every PyTorch since 0.4, so
giving the target its batch of one back changes only a run that stopped (a safe fix).
"""

import torch
import torch.nn as nn


class CharModel(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(6, 4)
        self.decoder = nn.Linear(4, 6)

    def forward(self, letter):
        return self.decoder(self.embed(letter).view(1, -1))


def run():
    torch.manual_seed(0)
    model = CharModel()
    criterion = nn.CrossEntropyLoss()
    inp = torch.zeros(5).long()
    target = torch.zeros(5).long()
    for c in range(5):
        inp[c] = c
        target[c] = (c + 1) % 6
    loss = 0
    for c in range(5):
        output = model(inp[c])
        loss += criterion(output, target[c])
    loss.backward()
    return {"loss": loss.detach(), "grad": model.decoder.weight.grad}


def reference():
    torch.manual_seed(0)
    model = CharModel()
    inp = torch.arange(5)
    target = (inp + 1) % 6
    logits = model.decoder(model.embed(inp))
    loss = nn.functional.cross_entropy(logits, target, reduction="sum")
    loss.backward()
    return {"loss": loss.detach(), "grad": model.decoder.weight.grad}
