"""A pre-0.4 CRF tagger: the transition scores are made on the host, their start and stop rows and
columns written with a large negative number, and only then moved under the model's `gpu` flag; the
Viterbi back-pointers are padded with zeros made through `Variable(...).long()` and moved the same way.
"""

import torch
import torch.nn as nn
from torch import autograd

TAGS, START, STOP, BATCH = 5, 3, 4, 2


class ChainCRF(nn.Module):
    def __init__(self, gpu):
        super().__init__()
        self.gpu = gpu
        scores = torch.zeros(TAGS, TAGS)
        scores[:, START] = -10000.0
        scores[STOP, :] = -10000.0
        if self.gpu:
            scores = scores.cuda()
        self.transitions = nn.Parameter(scores)

    def best_last(self, emissions):
        totals = emissions.unsqueeze(2) + self.transitions.unsqueeze(0)
        best, last = totals.max(1)
        pad = autograd.Variable(torch.zeros(emissions.size(0), TAGS)).long()
        if self.gpu:
            pad = pad.cuda()
        return best, torch.cat([last, pad], 0)


def run():
    torch.manual_seed(0)
    gpu = torch.cuda.is_available()
    crf = ChainCRF(gpu)
    emissions = torch.randn(BATCH, TAGS, device="cuda" if gpu else "cpu")
    best, pointers = crf.best_last(emissions)
    return {"best": best, "pointers": pointers}
