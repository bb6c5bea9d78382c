"""A decoder whose forward builds its start tokens on the host and moves them under the module's
`use_cuda` flag; its token input is only handed to the embedding, which takes a tensor on its own device.
"""

import torch
import torch.nn as nn

VOCAB, DIM = 12, 6


class Decoder(nn.Module):
    def __init__(self, use_cuda):
        super().__init__()
        self.use_cuda = use_cuda
        self.embed = nn.Embedding(VOCAB, DIM)
        self.rnn = nn.GRU(DIM, DIM)
        self.out = nn.Linear(DIM, VOCAB)

    def forward(self, tokens, hidden):
        start = torch.zeros(1, tokens.size(1), dtype=torch.long)
        if self.use_cuda:
            start = start.cuda()
        steps = torch.cat([self.embed(start), self.embed(tokens)], dim=0)
        output, hidden = self.rnn(steps, hidden)
        return self.out(output), hidden


def run():
    torch.manual_seed(0)
    use_cuda = torch.cuda.is_available()
    device = torch.device("cuda" if use_cuda else "cpu")
    model = Decoder(use_cuda).to(device)
    tokens = torch.randint(0, VOCAB, (4, 3), device=device)
    hidden = torch.zeros(1, 3, DIM, device=device)
    logits, hidden = model(tokens, hidden)
    return {"logits": logits, "hidden": hidden}
