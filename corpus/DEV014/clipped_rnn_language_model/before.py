"""A word-level GRU language model in the style of the 2017 examples: weights drawn with `init.uniform`
and `init.orthogonal` (`from torch.nn import init`), and gradients clipped with
`torch.nn.utils.clip_grad_norm`, whose total norm is logged. The new names do the same.
"""

import torch
import torch.nn as nn
from torch.nn import init


class WordLM(nn.Module):
    def __init__(self, vocab, hidden):
        super().__init__()
        self.embed = nn.Embedding(vocab, hidden)
        self.rnn = nn.GRU(hidden, hidden, batch_first=True)
        self.out = nn.Linear(hidden, vocab)
        init.uniform(self.embed.weight, -0.1, 0.1)
        init.orthogonal(self.rnn.weight_hh_l0)
        init.uniform(self.out.weight, -0.1, 0.1)

    def forward(self, tokens):
        h, _ = self.rnn(self.embed(tokens))
        return self.out(h)


def run():
    torch.manual_seed(4)
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model = WordLM(20, 8).to(device)
    optimizer = torch.optim.SGD(model.parameters(), lr=1.0)
    tokens = torch.randint(0, 20, (3, 7), device=device)
    norms, losses = [], []
    for _ in range(3):
        optimizer.zero_grad()
        logits = model(tokens[:, :-1])
        loss = nn.functional.cross_entropy(logits.reshape(-1, 20), tokens[:, 1:].reshape(-1))
        loss.backward()
        norms.append(torch.nn.utils.clip_grad_norm(model.parameters(), 0.25))
        optimizer.step()
        losses.append(loss.detach())
    return {"norms": torch.stack(norms), "losses": torch.stack(losses)}
