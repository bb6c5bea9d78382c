"""Negative case: names that look like the deprecated functions but are not them: a module's own
`sigmoid` method, an `F` that is a local helper class, the tensor methods, the `nn` modules and
`torch.nn.functional`'s other activations. Nothing to rewrite.
"""

import torch
import torch.nn as nn
import torch.nn.functional as functional


class F:
    """Hand-rolled activations with a temperature, under a name that looks like torch's."""

    @staticmethod
    def sigmoid(x, temperature=2.0):
        return 1 / (1 + torch.exp(-x / temperature))


class Gate(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)
        self.act = nn.Tanh()

    def sigmoid(self, x):
        return torch.sigmoid(x) * 0.5

    def forward(self, x):
        y = self.fc(x)
        return self.sigmoid(y) + self.act(y) + F.sigmoid(y) + functional.logsigmoid(y) + y.tanh()


def run():
    torch.manual_seed(0)
    gate = Gate()
    x = torch.randn(3, 4)
    return {"out": gate(x), "hard": functional.hardtanh(x) + x.sigmoid()}
