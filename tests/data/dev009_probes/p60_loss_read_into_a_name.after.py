# source: awentzonline/pytorch-cns cnslib/population.py (a population scored by a loss handed in)
# verdict: `f_loss(...)` is a loss the file does not show; `.data[0]` bound to `loss` reads it as a
#   number: `.item()`, unsafe (were it a vector, `[0]` read its first element).
import torch


def score_members(members, x, y, f_loss):
    scores = []
    for member in members:
        y_pred = member(x)
        loss = f_loss(y_pred, y).item()
        scores.append(-loss)
    return scores
