"""Batches as dictionaries handed to the model with `**batch`, the way tokenised text usually arrives
in transformer-style training loops. Which keys a batch has is the dataset's business: besides the
tensors it carries the source names of its examples (strings), which the model accepts and ignores.

The model is moved to the device; the batches never are.
"""

import torch
from torch import nn


class Scorer(nn.Module):
    def __init__(self, vocab=30, dim=8):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.head = nn.Linear(dim, 1)

    def forward(self, input_ids, attention_mask, sources=None):
        hidden = self.embed(input_ids) * attention_mask.unsqueeze(-1)
        return self.head(hidden.sum(dim=1) / attention_mask.sum(dim=1, keepdim=True)).squeeze(-1)


def make_batches(count=4, size=3, length=6):
    batches = []
    for i in range(count):
        batches.append(
            {
                "input_ids": torch.randint(0, 30, (size, length)),
                "attention_mask": (torch.rand(size, length) > 0.2).float() + 1e-3,
                "sources": [f"doc-{i}-{j}" for j in range(size)],
            }
        )
    return batches


def run():
    torch.manual_seed(0)
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model = Scorer().to(device)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    losses = []
    for batch in make_batches():
        scores = model(**batch)
        loss = scores.pow(2).mean()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        losses.append(loss.detach())
    return {"losses": torch.stack(losses), "head": model.head.weight.detach()}
