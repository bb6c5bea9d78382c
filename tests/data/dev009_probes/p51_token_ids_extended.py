# source: eladhoffer/seq2seq.pytorch seq2seq/tools/tokenizer.py
# verdict: hit: a list of ids started empty, extended with `+=` under conditions, then made a tensor.
import torch


class Tokenizer:
    def __init__(self, vocab):
        self.vocab = vocab

    def index(self, word):
        return self.vocab.get(word, 0)

    def tokenize(self, line, prefix=None, suffix=None):
        ids = []
        if prefix is not None:
            ids += prefix
        for word in line.split():
            ids.append(self.index(word))
        if suffix is not None:
            ids += suffix
        return torch.LongTensor(ids)  # expect DEV009
