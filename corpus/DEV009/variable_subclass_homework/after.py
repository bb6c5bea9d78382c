"""A DQN update in the style of 2017's DQN homework, copied into many repositories: a `Variable`
subclass whose `__init__` "moves" its data to the GPU, replay batches wrapped in it, and the greedy
action chosen with `volatile=True`.

The move never happened: the variable was made from the data as given before `__init__` ran (and
since PyTorch 0.4 no `__init__` runs at all), which is why the code moves every batch itself. So
the subclass's calls are the legacy `Variable`'s: each becomes its tensor (made right here, nothing
to detach) or `.detach()`, the volatile forward pass goes under `torch.no_grad()`, and the class,
then read nowhere, goes.
"""

import numpy as np
import torch
import torch.autograd as autograd
import torch.nn.functional as F
from torch import nn

USE_CUDA = torch.cuda.is_available()


def greedy(model, obs):
    obs = torch.from_numpy(obs).to("cuda" if USE_CUDA else "cpu", torch.float32).unsqueeze(0)
    with torch.no_grad():
        return model(obs.detach()).data.max(1)[1].cpu()


def run():
    torch.manual_seed(0)
    rng = np.random.RandomState(1)
    q_net = nn.Linear(4, 3)
    target_net = nn.Linear(4, 3)
    if USE_CUDA:
        q_net, target_net = q_net.cuda(), target_net.cuda()
    optimizer = torch.optim.SGD(q_net.parameters(), lr=0.1)
    actions = []
    for _ in range(3):
        obs = rng.randn(8, 4).astype(np.float32)
        act = rng.randint(0, 3, size=8)
        rew = rng.randn(8).astype(np.float32)
        obs_batch = torch.from_numpy(obs).to("cuda" if USE_CUDA else "cpu", torch.float32)
        act_batch = torch.from_numpy(act).long()
        rew_batch = torch.from_numpy(rew)
        if USE_CUDA:
            act_batch = act_batch.cuda()
            rew_batch = rew_batch.cuda()
        current = q_net(obs_batch).gather(1, act_batch.unsqueeze(1)).squeeze(1)
        next_max = target_net(obs_batch).detach().max(1)[0]
        loss = F.smooth_l1_loss(current, rew_batch + 0.9 * next_max)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        actions.append(greedy(q_net, obs[0]))
    return {"loss": loss.item(), "actions": torch.cat(actions)}
