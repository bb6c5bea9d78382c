"""Negative case: tensors made on the host that stay as written.

Class counts are filled on the host before they move, an observation array is converted by a
legacy constructor (data that exists already must be copied), exploration noise comes from NumPy's
generator, and a bias is moved to a GPU index that could be None (`.cuda(None)` is the current GPU,
`device=None` would be the CPU). The last two are reported, not rewritten.
"""

import numpy as np
import torch
import torch.nn as nn

ACTIONS, FEATURES = 4, 5


def class_weights(labels, gpu):
    counts = torch.zeros(ACTIONS)
    counts.index_add_(0, labels, torch.ones(len(labels)))
    weights = counts.sum() / (counts + 1.0)
    bias = torch.full((ACTIONS,), 0.5)
    if torch.cuda.is_available():
        weights = weights.cuda(gpu)
        bias = bias.cuda(gpu)
    return weights + bias


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    np.random.seed(8)
    observation = np.random.rand(3, FEATURES).astype(np.float32)
    policy = nn.Linear(FEATURES, ACTIONS).to(device)
    state = torch.FloatTensor(observation).to(device)
    noise = torch.from_numpy(np.random.normal(0.0, 0.1, size=(3, ACTIONS)).astype(np.float32)).to(device)
    with torch.no_grad():
        scores = policy(state) + noise
    weights = class_weights(torch.tensor([0, 1, 1, 3]), None)
    return {"scores": scores, "weights": weights}
