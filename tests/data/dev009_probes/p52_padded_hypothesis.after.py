# source: jiangqn/seq2seq src/module/beam_search.py
# verdict: hit: a hypothesis's tokens sliced and padded with `+ [0] * n`: a list, whatever the slice.
import torch

EOS = 2


class Hypothesis:
    def __init__(self, tokens):
        self.tokens = tokens

    def padded(self, width):
        tokens = self.tokens[1:] if self.tokens[-1] != EOS else self.tokens[1:-1]
        tokens = tokens + [0] * (width - len(tokens))
        return torch.tensor(tokens, dtype=torch.int64)
