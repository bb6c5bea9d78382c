"""A character-level RNN trained one character at a time, in the style of the 2017 tutorial: the
target of each step is `target[c]`, read out of a vector the helper `char_tensor` builds.

Before PyTorch 0.4 that was a Variable of one element, the batch of one the model's output (shape
(1, characters)) has; since 0.4 it is 0-dim, and the loss raises `Expected input batch_size (1) to
match target batch_size (0)` at the first step. `target[c].unsqueeze(0)` gives the batch back.
`reference()` computes the same numbers with slices.
"""

import torch
from torch import nn

LETTERS = "abcdefgh"


def char_tensor(text):
    tensor = torch.zeros(len(text)).long()
    for c in range(len(text)):
        tensor[c] = LETTERS.index(text[c])
    return tensor


class Decoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(len(LETTERS), 6)
        self.cell = nn.GRUCell(6, 6)
        self.out = nn.Linear(6, len(LETTERS))

    def forward(self, letter, hidden):
        hidden = self.cell(self.embed(letter.view(1)), hidden)
        return self.out(hidden), hidden


def train(decoder, optimizer, criterion, inp, target):
    hidden = torch.zeros(1, 6)
    optimizer.zero_grad()
    loss = 0
    for c in range(inp.size(0)):
        output, hidden = decoder(inp[c], hidden)
        loss += criterion(output, target[c].unsqueeze(0))
    loss.backward()
    optimizer.step()
    return loss.detach() / inp.size(0)


def run():
    torch.manual_seed(0)
    decoder = Decoder()
    optimizer = torch.optim.SGD(decoder.parameters(), lr=0.1)
    criterion = nn.CrossEntropyLoss()
    chunk = "abcabdefgh"
    losses = [train(decoder, optimizer, criterion, char_tensor(chunk[:-1]), char_tensor(chunk[1:]))
              for _ in range(3)]
    return {"losses": torch.stack(losses), "out": decoder.out.weight.detach()}


def reference():
    torch.manual_seed(0)
    decoder = Decoder()
    optimizer = torch.optim.SGD(decoder.parameters(), lr=0.1)
    chunk = "abcabdefgh"
    inp, target = char_tensor(chunk[:-1]), char_tensor(chunk[1:])
    losses = []
    for _ in range(3):
        hidden = torch.zeros(1, 6)
        optimizer.zero_grad()
        loss = 0
        for c in range(inp.size(0)):
            output, hidden = decoder(inp[c], hidden)
            loss = loss + nn.functional.cross_entropy(output, target[c : c + 1])
        loss.backward()
        optimizer.step()
        losses.append(loss.detach() / inp.size(0))
    return {"losses": torch.stack(losses), "out": decoder.out.weight.detach()}
