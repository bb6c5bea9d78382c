# source: w121211/pytorch-seq2seq seq2seq/util/beam.py
# verdict: hit: a beam picks `torch.cuda` or `torch` once and builds its score and token tensors from
#   it; spelled with the device the same condition chooses, in the method that chose it.
import torch


class Beam:
    def __init__(self, width, pad, sos, cuda=False):
        self.width = width
        self.tt = torch.cuda if cuda else torch
        self.scores = torch.empty(width, 1, dtype=torch.float32, device="cuda" if cuda else "cpu").zero_()
        self.back_pointers = []
        self.tokens = [torch.empty(width, 1, dtype=torch.int64, device="cuda" if cuda else "cpu").fill_(pad)]
        self.tokens[0][0] = sos

    def current(self):
        return self.tokens[-1]
