"""A character-level GRU that hands out its initial hidden state through `init_hidden`.

The training step asks the model for a fresh state before each sequence and feeds it back to
`forward`. The state is made on the CPU, so once the model is on a GPU the GRU receives a hidden
state on another device than its weights and input.
"""

import torch
import torch.nn as nn
from torch.autograd import Variable


class CharGRU(nn.Module):
    def __init__(self, vocab=20, hidden=12, layers=1):
        super().__init__()
        self.hidden_size = hidden
        self.layers = layers
        self.embed = nn.Embedding(vocab, hidden)
        self.gru = nn.GRU(hidden, hidden, layers)
        self.out = nn.Linear(hidden, vocab)

    def forward(self, char, hidden):
        output, hidden = self.gru(self.embed(char).view(1, 1, -1), hidden)
        return self.out(output.view(1, -1)), hidden

    def init_hidden(self):
        return Variable(torch.zeros(self.layers, 1, self.hidden_size))


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model = CharGRU().to(device)
    text = torch.randint(0, 20, (6,), device=device)
    hidden = model.init_hidden()
    loss = 0.0
    for i in range(len(text) - 1):
        logits, hidden = model(text[i], hidden)
        loss = loss + nn.functional.cross_entropy(logits, text[i + 1].view(1))
    loss.backward()
    return {"loss": loss.detach(), "grad": model.out.weight.grad}
