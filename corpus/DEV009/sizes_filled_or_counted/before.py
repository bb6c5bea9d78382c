"""Legacy constructors of one argument the file does not show to be an int: a layer's shape handed to an
initialiser and filled at once, class weights filled with ones, a dummy batch of token ids zeroed, and
a start-token column of a count's name. Filled in place right away, or named as a count, each is read
as a size: `torch.empty(n, dtype=...)` (an unsafe fix: were the argument a list or an array, the legacy
call made a tensor of its values).
"""

from types import SimpleNamespace

import torch


def uniform_init(size, bound):
    return torch.Tensor(size).uniform_(-bound, bound)


def class_weights(params):
    return torch.FloatTensor(params.n_classes).fill_(1)


def dummy_tokens(seq_len, batch_size):
    return torch.LongTensor(seq_len * batch_size).zero_().view(-1, batch_size)


def start_tokens(batch_size, sos_idx):
    return torch.Tensor(batch_size).fill_(sos_idx).long()


def run():
    torch.manual_seed(0)
    layer = torch.nn.Linear(4, 3)
    weight = uniform_init(layer.weight.size(), 0.5)
    weights = class_weights(SimpleNamespace(n_classes=3))
    tokens = dummy_tokens(5, 2)
    starts = start_tokens(2, 1)
    loss = torch.nn.functional.cross_entropy(layer(torch.ones(2, 4)), starts, weight=weights)
    return {
        "shape": torch.tensor(weight.shape),
        "in_range": (weight.abs() <= 0.5).all(),
        "weights": weights,
        "tokens": tokens,
        "starts": starts,
        "loss": loss.detach(),
    }
