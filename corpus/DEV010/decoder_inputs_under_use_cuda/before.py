"""A GRU decoder trained with teacher forcing, written the 2017 way: each step builds the start
token (a legacy `torch.LongTensor`), the context and the hidden state on the host, then moves them
under `if USE_CUDA:`.
"""

import torch
import torch.nn as nn
from torch.autograd import Variable

USE_CUDA = torch.cuda.is_available()
VOCAB, HIDDEN, SOS, STEPS = 10, 12, 0, 4


class Decoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(VOCAB, HIDDEN)
        self.cell = nn.GRUCell(2 * HIDDEN, HIDDEN)
        self.out = nn.Linear(HIDDEN, VOCAB)

    def forward(self, token, context, hidden):
        hidden = self.cell(torch.cat([self.embed(token).squeeze(1), context], dim=1), hidden)
        return self.out(hidden), hidden


def train_step(decoder, optimizer, target):
    decoder_input = Variable(torch.LongTensor([[SOS]]))
    context = Variable(torch.zeros(1, HIDDEN))
    hidden = Variable(torch.zeros(1, HIDDEN))
    if USE_CUDA:
        decoder_input = decoder_input.cuda()
        context = context.cuda()
        hidden = hidden.cuda()
    optimizer.zero_grad()
    loss = 0
    for word in target:
        logits, hidden = decoder(decoder_input, context, hidden)
        loss = loss + nn.functional.cross_entropy(logits, word.view(1))
        decoder_input = word.view(1, 1)
    loss.backward()
    optimizer.step()
    return loss.detach()


def run():
    torch.manual_seed(3)
    decoder = Decoder()
    if USE_CUDA:
        decoder.cuda()
    optimizer = torch.optim.SGD(decoder.parameters(), lr=0.1)
    targets = torch.tensor([[3, 5, 1], [2, 2, 7], [9, 4, 1], [6, 0, 3]])
    if USE_CUDA:
        targets = targets.cuda()
    for step in range(STEPS):
        loss = train_step(decoder, optimizer, targets[step])
    return {"loss": loss, "out": decoder.out.weight.detach()}
