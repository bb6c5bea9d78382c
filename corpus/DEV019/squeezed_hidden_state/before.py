"""An encoder whose last hidden state, shape (1, batch, hidden), is squeezed in place through
`.data` before a linear head: `h.data.squeeze_(0)`.

Before PyTorch 0.4 that squeezed `h` itself; since 0.4 it squeezes a temporary, `h` keeps its
leading 1, and the head's output gets a shape the loss rejects. `h.squeeze_(0)` squeezes `h`
again, with autograd seeing it. `reference()` uses `h.squeeze(0)`.
"""

import torch
from torch import nn


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.rnn = nn.GRU(3, 5)
        self.head = nn.Linear(5, 2)

    def forward(self, x):
        _, h = self.rnn(x)
        h.data.squeeze_(0)
        return self.head(h)


def run():
    torch.manual_seed(0)
    model = Encoder()
    x = torch.randn(6, 4, 3)
    y = torch.tensor([0, 1, 1, 0])
    loss = nn.functional.cross_entropy(model(x), y)
    loss.backward()
    return {"loss": loss.detach(), "grad": model.head.weight.grad}


def reference():
    torch.manual_seed(0)
    model = Encoder()
    x = torch.randn(6, 4, 3)
    y = torch.tensor([0, 1, 1, 0])
    _, h = model.rnn(x)
    loss = nn.functional.cross_entropy(model.head(h.squeeze(0)), y)
    loss.backward()
    return {"loss": loss.detach(), "grad": model.head.weight.grad}
