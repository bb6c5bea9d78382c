"""A sequence tagger whose optimizer is wrapped in a warm-up schedule and built from the model's own
`trainable_parameters()` (the frozen embedding is left out), before the model and the criterion are
moved to the GPU under a flag.

The inner optimizer is Adagrad, which creates its accumulators when it is built: on the CPU here.
"""

import torch
from torch import nn, optim

VOCAB, TAGS, DIM = 30, 5, 12


class Tagger(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(VOCAB, DIM)
        self.embed.weight.requires_grad_(False)
        self.rnn = nn.GRU(DIM, DIM, batch_first=True)
        self.out = nn.Linear(DIM, TAGS)

    def trainable_parameters(self):
        return (p for p in self.parameters() if p.requires_grad)

    def forward(self, tokens):
        return self.out(self.rnn(self.embed(tokens))[0])


class WarmupOptim:
    """Scales the learning rate up over the first steps, then steps the wrapped optimizer."""

    def __init__(self, optimizer, base_lr, warmup):
        self.optimizer, self.base_lr, self.warmup, self.steps = optimizer, base_lr, warmup, 0

    def zero_grad(self):
        self.optimizer.zero_grad()

    def step(self):
        self.steps += 1
        for group in self.optimizer.param_groups:
            group["lr"] = self.base_lr * min(1.0, self.steps / self.warmup)
        self.optimizer.step()


def run():
    torch.manual_seed(0)
    use_cuda = torch.cuda.is_available()
    model = Tagger()

    def get_criterion(tags):
        weight = torch.ones(tags)
        weight[0] = 0.5
        return nn.CrossEntropyLoss(weight)

    criterion = get_criterion(TAGS)

    if use_cuda:
        model = model.cuda()
        criterion = criterion.cuda()

    optimizer = WarmupOptim(optim.Adagrad(model.trainable_parameters(), lr=0.5), 0.5, warmup=2)

    device = next(model.parameters()).device
    tokens = torch.randint(0, VOCAB, (6, 7), generator=torch.Generator().manual_seed(3)).to(device)
    tags = torch.randint(0, TAGS, (6, 7), generator=torch.Generator().manual_seed(4)).to(device)
    for _ in range(3):
        optimizer.zero_grad()
        loss = criterion(model(tokens).reshape(-1, TAGS), tags.reshape(-1))
        loss.backward()
        optimizer.step()
    return {"loss": loss.detach(), "out": model.out.weight.detach()}
