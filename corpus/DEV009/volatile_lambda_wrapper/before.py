"""Greedy action selection in the 2018 DQN notebook style: a `lambda` named `Variable` wraps the
legacy `autograd.Variable` and moves to the GPU when one is available, and the observation goes in as
`Variable(..., volatile=True)` so that choosing an action builds no graph.

`volatile` has been ignored since PyTorch 0.4: each `volatile=True` call of the `lambda` becomes the
tensor moved under the flag, and the statement that computes with it (the network's forward pass)
goes under `torch.no_grad()`, as it meant; the `lambda`, then called nowhere, goes. The
action is read with `.data`: it carries no graph.
"""

import numpy as np
import torch
import torch.autograd as autograd
from torch import nn

USE_CUDA = torch.cuda.is_available()
Variable = lambda *args, **kwargs: autograd.Variable(*args, **kwargs).cuda() if USE_CUDA else autograd.Variable(*args, **kwargs)


class QNetwork(nn.Module):
    def __init__(self, observations, actions):
        super().__init__()
        self.layers = nn.Sequential(nn.Linear(observations, 16), nn.ReLU(), nn.Linear(16, actions))

    def forward(self, x):
        return self.layers(x)

    def act(self, state):
        state = Variable(torch.from_numpy(np.float32(state)).unsqueeze(0), volatile=True)
        q_value = self.forward(state)
        return q_value.max(1)[1].data


def run():
    torch.manual_seed(0)
    model = QNetwork(4, 3)
    if USE_CUDA:
        model = model.cuda()
    rng = np.random.RandomState(3)
    actions = [model.act(rng.randn(4)) for _ in range(6)]
    return {"actions": torch.cat(actions).cpu()}
