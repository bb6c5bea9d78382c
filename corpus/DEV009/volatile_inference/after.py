"""A seq2seq evaluation from the PyTorch 0.3 days: inputs are wrapped in `Variable(x, volatile=True)`
to switch gradient tracking off; the decoder's start state and start tokens are built on the host and
then moved.

`volatile` has been ignored (with a warning) since PyTorch 0.4: the wrappers go, and the decoder
step, the statement that computes with the volatile values, goes under `torch.no_grad()` (the
argmax and the stacked tokens are integers: they carry no graph either way). The start state and
tokens are then made on the device.
"""

import torch
from torch import nn

SOS_TOKEN = 1
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")


class Decoder(nn.Module):
    def __init__(self, vocabulary, hidden):
        super().__init__()
        self.embed = nn.Embedding(vocabulary, hidden)
        self.cell = nn.GRUCell(hidden, hidden)
        self.out = nn.Linear(hidden, vocabulary)

    def forward(self, token, state):
        state = self.cell(self.embed(token), state)
        return self.out(state), state


def greedy_decode(decoder, batch_size, steps):
    state = torch.zeros(batch_size, decoder.cell.hidden_size, device=device)
    token = torch.tensor([SOS_TOKEN] * batch_size, dtype=torch.int64, device=device)
    tokens = []
    for _ in range(steps):
        with torch.no_grad():
            logits, state = decoder(token, state)
        token = logits.argmax(1)
        tokens.append(token)
    return torch.stack(tokens, 1)


def run():
    torch.manual_seed(0)
    decoder = Decoder(7, 5).to(device)
    decoded = [greedy_decode(decoder, batch_size, 4) for batch_size in (2, 3, 2)]
    return {"tokens": torch.cat(decoded)}
