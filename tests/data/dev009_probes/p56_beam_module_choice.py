# source: w121211/pytorch-seq2seq seq2seq/util/beam.py
# verdict: hit: a beam picks `torch.cuda` or `torch` once and builds its score and token tensors from
#   it; spelled with the device the same condition chooses, in the method that chose it.
import torch


class Beam:
    def __init__(self, width, pad, sos, cuda=False):
        self.width = width
        self.tt = torch.cuda if cuda else torch
        self.scores = self.tt.FloatTensor(width, 1).zero_()  # expect DEV009
        self.back_pointers = []
        self.tokens = [self.tt.LongTensor(width, 1).fill_(pad)]  # expect DEV009
        self.tokens[0][0] = sos

    def current(self):
        return self.tokens[-1]
