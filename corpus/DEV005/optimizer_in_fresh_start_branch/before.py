"""A tagger that starts fresh or resumes from a saved state, moved to the device after the choice.

The fresh branch builds Adagrad, which creates its accumulators when it is built, where the
parameters are then: on the CPU. The model is moved only after the `if`, so on a GPU the first step
mixes devices. The optimizer cannot go below the move (the resume branch has its own), but the move
can come first on the fresh path.
"""

import torch
from torch import nn


class Tagger(nn.Module):
    def __init__(self, vocab=50, dim=8, tags=5):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.out = nn.Linear(dim, tags)

    def forward(self, ids):
        return self.out(self.embed(ids))


def run(saved=None):
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    torch.manual_seed(0)
    if saved is None:
        model = Tagger()
        optimizer = torch.optim.Adagrad(model.parameters(), lr=0.1)
    else:
        model = saved["model"]
        optimizer = saved["optimizer"]
    model = model.to(device)

    ids = torch.randint(0, 50, (4, 6), device=device)
    tags = torch.randint(0, 5, (4, 6), device=device)
    for _ in range(3):
        optimizer.zero_grad()
        loss = nn.functional.cross_entropy(model(ids).flatten(0, 1), tags.flatten())
        loss.backward()
        optimizer.step()
    return {"loss": loss.detach(), "out": model.out.weight.detach()}
