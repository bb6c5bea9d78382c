"""A character-level GRU trained in the pre-0.4 style: inputs wrapped in `Variable`, the initial
hidden state made by a legacy `torch.FloatTensor(...)` constructor on the host every step and then
copied to the device.
"""

import torch
import torch.nn as nn
from torch.autograd import Variable

VOCAB, HIDDEN, BATCH, STEPS = 12, 16, 4, 5


class CharGRU(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(VOCAB, HIDDEN)
        self.gru = nn.GRU(HIDDEN, HIDDEN, batch_first=True)
        self.out = nn.Linear(HIDDEN, VOCAB)

    def forward(self, tokens, hidden):
        output, hidden = self.gru(self.embed(tokens), hidden)
        return self.out(output), hidden


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    generator = torch.Generator().manual_seed(9)
    text = torch.randint(0, VOCAB, (STEPS, BATCH, 9), generator=generator)  # batches arrive on the host
    model = CharGRU().to(device)
    optimizer = torch.optim.Adam(model.parameters(), lr=0.01)
    criterion = nn.CrossEntropyLoss()

    for step in range(STEPS):
        inputs = Variable(text[step, :, :-1]).to(device)
        targets = Variable(text[step, :, 1:]).to(device)
        hidden = Variable(torch.FloatTensor(1, BATCH, HIDDEN).zero_()).to(device)
        optimizer.zero_grad()
        logits, hidden = model(inputs, hidden)
        loss = criterion(logits.reshape(-1, VOCAB), targets.reshape(-1))
        loss.backward()
        optimizer.step()
    return {"loss": loss.detach(), "hidden": hidden.detach(), "out": model.out.weight.detach()}
