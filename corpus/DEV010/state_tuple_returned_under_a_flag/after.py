"""A text generator's LSTM state: `init_hidden` makes h and c on the host and returns them moved when
the model's `gpu` flag is set, as a tuple under an `if`.
"""

import torch
import torch.nn as nn

VOCAB, EMBED, HIDDEN, BATCH, STEPS = 11, 6, 8, 3, 4


class Generator(nn.Module):
    def __init__(self, gpu):
        super().__init__()
        self.gpu = gpu
        self.embed = nn.Embedding(VOCAB, EMBED)
        self.lstm = nn.LSTM(EMBED, HIDDEN, batch_first=True)
        self.out = nn.Linear(HIDDEN, VOCAB)

    def init_hidden(self, batch):
        h = torch.zeros(1, batch, HIDDEN, device="cuda" if self.gpu else "cpu")
        c = torch.zeros(1, batch, HIDDEN, device="cuda" if self.gpu else "cpu")
        if self.gpu:
            return h, c
        else:
            return h, c

    def forward(self, tokens):
        output, _ = self.lstm(self.embed(tokens), self.init_hidden(tokens.size(0)))
        return self.out(output)


def run():
    torch.manual_seed(0)
    gpu = torch.cuda.is_available()
    model = Generator(gpu)
    if gpu:
        model = model.cuda()
    tokens = torch.randint(0, VOCAB, (BATCH, STEPS), device="cuda" if gpu else "cpu")
    return {"logits": model(tokens)}
