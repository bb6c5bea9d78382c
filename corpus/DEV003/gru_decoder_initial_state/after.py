"""A seq2seq GRU decoder that starts from a zero hidden state made inside forward.

The hidden state is created on the CPU and wrapped in the long-deprecated `Variable`.
"""

import torch
import torch.nn as nn


class Decoder(nn.Module):
    def __init__(self, vocab=40, hidden=24):
        super().__init__()
        self.hidden_size = hidden
        self.embed = nn.Embedding(vocab, hidden)
        self.gru = nn.GRU(hidden, hidden, batch_first=True)
        self.out = nn.Linear(hidden, vocab)

    def forward(self, tokens):
        h0 = torch.zeros(1, tokens.size(0), self.hidden_size, device=tokens.device)
        output, _ = self.gru(self.embed(tokens), h0)
        return self.out(output)


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    decoder = Decoder().to(device)
    tokens = torch.randint(0, 40, (3, 7), device=device)
    logits = decoder(tokens)
    loss = nn.functional.cross_entropy(logits.reshape(-1, 40), tokens.reshape(-1))
    loss.backward()
    return {"logits": logits.detach(), "grad": decoder.out.weight.grad}
