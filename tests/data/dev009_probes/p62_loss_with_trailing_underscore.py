# source: Atcold/pytorch-CortexNet main.py (running totals of losses named with a trailing underscore)
# verdict: `mse_loss_` comes from a loss module built in the file (0-dim); `ce_loss_` from a helper
#   the file defines that returns either a loss or a 1-element vector: added up as a number, `.item()`
#   reads both (unsafe: the helper's vector branch is not 0-dim).
import torch
import torch.nn as nn
from torch.autograd import Variable as V  # expect DEV009

mse = nn.MSELoss()
nll = nn.CrossEntropyLoss()


def masked_cross_entropy(logits, y, keep):
    if not keep.any():
        return V(logits.data.new(1).zero_())  # expect DEV009
    rows = keep.nonzero().squeeze(1)
    return nll(logits.index_select(0, rows), y.index_select(0, rows))


def step(model, x, next_x, y, keep, totals, periodic=False):
    x_hat, logits = model(V(x))  # expect DEV009
    mse_loss_ = mse(x_hat, V(next_x))  # expect DEV009
    totals["mse"] += mse_loss_.data[0]  # expect DEV011
    ce_loss_ = masked_cross_entropy(logits, V(y), keep)  # expect DEV009
    totals["ce"] += ce_loss_.data[0]  # expect DEV011
    if periodic:
        ce_loss_ = (ce_loss_, nll(logits, V(y)))  # expect DEV009
        totals["per_ce"] += ce_loss_[1].data[0]  # expect DEV011 (known miss)
    return ce_loss_, mse_loss_
