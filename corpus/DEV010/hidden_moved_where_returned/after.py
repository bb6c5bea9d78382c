"""An attention encoder-decoder of the 2017 tutorials: the encoder's initial state is made on the host
and moved where it is returned (`return hidden.cuda() if USE_CUDA else hidden`), the decoder's
outputs buffer by an if-expression, and the latent noise of each step handed moved to a list.
"""

import torch
import torch.nn as nn

USE_CUDA = torch.cuda.is_available()
VOCAB, HIDDEN, LENGTH = 11, 8, 5


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(VOCAB, HIDDEN)
        self.gru = nn.GRU(HIDDEN, HIDDEN, batch_first=True)

    def init_hidden(self, batch):
        hidden = torch.zeros(1, batch, HIDDEN, device="cuda" if USE_CUDA else "cpu")
        return hidden

    def forward(self, tokens):
        outputs, hidden = self.gru(self.embed(tokens), self.init_hidden(tokens.size(0)))
        return outputs, hidden


def encode_all(encoder, batch):
    steps = torch.zeros(LENGTH, batch.size(0), HIDDEN, device="cuda" if USE_CUDA else "cpu")
    outputs, hidden = encoder(batch)
    for t in range(LENGTH):
        steps[t] = outputs[:, t]
    return steps, hidden


def offsets(n):
    found = []
    for k in range(n):
        shift = torch.full((1, HIDDEN), float(k), device="cuda" if USE_CUDA else "cpu")
        found.append(shift)
    return torch.cat(found)


def run():
    torch.manual_seed(0)
    encoder = Encoder()
    if USE_CUDA:
        encoder.cuda()
    batch = torch.tensor([[1, 4, 2, 7, 3], [5, 5, 1, 0, 9]], device="cuda" if USE_CUDA else "cpu")
    steps, hidden = encode_all(encoder, batch)
    return {"steps": steps.detach(), "hidden": hidden.detach(), "offsets": offsets(3) + steps.sum()}
