"""A seq2seq encoder of the 2017 tutorials and a GAN's target helpers: each tensor is made on the host
and returned moved under a flag, as made otherwise (`if use_cuda: return result.cuda()` with
`else: return result`, or `return data` after the `if`), and one helper does more on the host path.
"""

import torch
import torch.nn as nn
from torch.autograd import Variable

use_cuda = torch.cuda.is_available()
VOCAB, HIDDEN = 11, 8


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(VOCAB, HIDDEN)
        self.gru = nn.GRU(HIDDEN, HIDDEN)

    def forward(self, token, hidden):
        out = self.embed(token).view(1, 1, -1)
        return self.gru(out, hidden)

    def init_hidden(self):
        result = Variable(torch.zeros(1, 1, HIDDEN))
        if use_cuda:
            return result.cuda()
        else:
            return result


def real_target(n):
    data = Variable(torch.ones(n, 1))
    if torch.cuda.is_available():
        return data.cuda()
    return data


def smoothed_target(n):
    data = torch.ones(n, 1)
    if use_cuda:
        return data.cuda()
    data.mul_(0.9)
    return data


def run():
    torch.manual_seed(0)
    encoder = Encoder()
    if use_cuda:
        encoder.cuda()
    hidden = encoder.init_hidden()
    outputs = []
    for token in [1, 4, 2, 7]:
        step = torch.tensor([token])
        if use_cuda:
            step = step.cuda()
        out, hidden = encoder(step, hidden)
        outputs.append(out)
    scores = torch.cat(outputs).view(4, -1)[:, :1]
    return {"loss": ((scores - real_target(4)) ** 2).mean().detach(), "smooth": smoothed_target(3)}
