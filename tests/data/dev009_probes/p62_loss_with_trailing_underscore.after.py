# source: Atcold/pytorch-CortexNet main.py (running totals of losses named with a trailing underscore)
# verdict: `mse_loss_` comes from a loss module built in the file (0-dim); `ce_loss_` from a helper
#   the file defines that returns either a loss or a 1-element vector: added up as a number, `.item()`
#   reads both (unsafe: the helper's vector branch is not 0-dim).
import torch
import torch.nn as nn

mse = nn.MSELoss()
nll = nn.CrossEntropyLoss()


def masked_cross_entropy(logits, y, keep):
    if not keep.any():
        return logits.data.new_zeros(1).detach()
    rows = keep.nonzero().squeeze(1)
    return nll(logits.index_select(0, rows), y.index_select(0, rows))


def step(model, x, next_x, y, keep, totals, periodic=False):
    x_hat, logits = model(x.detach())
    mse_loss_ = mse(x_hat, next_x.detach())
    totals["mse"] += mse_loss_.item()
    ce_loss_ = masked_cross_entropy(logits, y.detach(), keep)
    totals["ce"] += ce_loss_.item()
    if periodic:
        ce_loss_ = (ce_loss_, nll(logits, y.detach()))
        totals["per_ce"] += ce_loss_[1].data[0]
    return ce_loss_, mse_loss_
