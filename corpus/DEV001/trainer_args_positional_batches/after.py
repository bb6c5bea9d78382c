"""A trainer that keeps its configuration (`self.args = args`) and moves the model to `args.device`
in its constructor; `fit` reads each batch as a list by position and counts correct predictions by
comparing them with the targets. Nothing moves the batches.
"""

from types import SimpleNamespace

import torch
from torch import nn


class Trainer:
    def __init__(self, model, args):
        self.args = args
        self.model = model.to(args.device)
        self.optimizer = torch.optim.SGD(self.model.parameters(), lr=args.lr)

    def fit(self, batches):
        correct = 0
        for batch in batches:
            inputs, targets = batch[0], batch[1]
            inputs, targets = inputs.to(self.args.device), targets.to(self.args.device)
            logits = self.model(inputs)
            loss = nn.functional.cross_entropy(logits, targets)
            self.optimizer.zero_grad()
            loss.backward()
            self.optimizer.step()
            correct += (logits.argmax(dim=1) == targets).sum()
        return loss.detach(), correct


def run():
    torch.manual_seed(0)
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    args = SimpleNamespace(device=device, lr=0.1)
    batches = [[torch.randn(8, 5), torch.randint(0, 3, (8,))] for _ in range(5)]
    trainer = Trainer(nn.Linear(5, 3), args)
    loss, correct = trainer.fit(batches)
    return {"loss": loss, "correct": correct, "weight": trainer.model.weight.detach()}
