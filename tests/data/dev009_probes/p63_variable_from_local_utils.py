# source: Atcold/pytorch-PPUU eval_fm.py (the project's utils module re-exports `Variable`)
# verdict: `utils.Variable` is torch's, imported in the project's `utils.py`; a file alone cannot
#   tell (project mode, issue 27): a known miss.
import torch
import utils


def evaluate(model, batches):
    costs = []
    for images, states, actions in batches:
        actions = utils.Variable(actions)  # expect DEV009 (known miss)
        pred = model(images, states, actions)
        costs.append(pred.mean().item())
    return costs
