"""A trainer object owns the model (moved to its device in the constructor) and trains it in another
method on dictionary batches, the way tokenised text usually arrives.

The constructor moves the model; `fit` never moves the batch, so on a GPU the first forward pass
meets a CPU tensor.
"""

import torch
from torch import nn


class Tagger(nn.Module):
    def __init__(self, vocab=50, dim=16, tags=4):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.head = nn.Linear(dim, tags)

    def forward(self, token_ids, mask):
        hidden = self.embed(token_ids) * mask.unsqueeze(-1)
        return self.head(hidden.mean(dim=1))


def make_batches(count=6, size=8, length=10):
    batches = []
    for _ in range(count):
        batches.append(
            {
                "token_ids": torch.randint(0, 50, (size, length)),
                "mask": torch.ones(size, length),
                "tag": torch.randint(0, 4, (size,)),
            }
        )
    return batches


class Trainer:
    def __init__(self, model, lr=0.05):
        self.device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
        self.model = model.to(self.device)
        self.criterion = nn.CrossEntropyLoss()
        self.optimizer = torch.optim.SGD(self.model.parameters(), lr=lr)

    def fit(self, batches):
        losses = []
        for batch in batches:
            self.optimizer.zero_grad()
            logits = self.model(batch["token_ids"], batch["mask"])
            loss = self.criterion(logits, batch["tag"])
            loss.backward()
            self.optimizer.step()
            losses.append(loss.detach())
        return torch.stack(losses)


def run():
    trainer = Trainer(Tagger())
    losses = trainer.fit(make_batches())
    return {"losses": losses, "head": trainer.model.head.weight.detach()}
