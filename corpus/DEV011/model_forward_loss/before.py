"""Skip-gram with negative sampling whose model returns the loss itself from `forward`.

`loss = model.forward(u, v, negatives)` is a full reduction (`-1 * (torch.sum(...) + ...)`): a
one-element vector before PyTorch 0.4, a 0-dim tensor since, so the logged `loss.data[0]` raises
`IndexError`. The rule follows the call into the file's own class to see that, and reads the value
with `.item()`; `model(...)` would be followed the same way.
"""

import torch
import torch.nn.functional as F
from torch import nn


class SkipGram(nn.Module):
    def __init__(self, vocabulary, dim):
        super().__init__()
        self.u = nn.Embedding(vocabulary, dim)
        self.v = nn.Embedding(vocabulary, dim)

    def forward(self, u, v, negatives):
        eu = self.u(u)
        score = F.logsigmoid((eu * self.v(v)).sum(1))
        negative = F.logsigmoid(-torch.bmm(self.v(negatives), eu.unsqueeze(2)).squeeze(2))
        return -1 * (torch.sum(score) + torch.sum(negative))


def run():
    torch.manual_seed(0)
    model = SkipGram(12, 4)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.2)
    losses = []
    for step in range(3):
        u = torch.randint(0, 12, (8,))
        v = torch.randint(0, 12, (8,))
        negatives = torch.randint(0, 12, (8, 3))
        optimizer.zero_grad()
        loss = model.forward(u, v, negatives)
        loss.backward()
        optimizer.step()
        losses.append(loss.data[0])
    return {"losses": torch.tensor(losses), "u": model.u.weight.detach()}


def reference():
    """The same steps, the loss read with `float()`."""
    torch.manual_seed(0)
    model = SkipGram(12, 4)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.2)
    losses = []
    for step in range(3):
        u = torch.randint(0, 12, (8,))
        v = torch.randint(0, 12, (8,))
        negatives = torch.randint(0, 12, (8, 3))
        optimizer.zero_grad()
        loss = model(u, v, negatives)
        loss.backward()
        optimizer.step()
        losses.append(float(loss))
    return {"losses": torch.tensor(losses), "u": model.u.weight.detach()}
