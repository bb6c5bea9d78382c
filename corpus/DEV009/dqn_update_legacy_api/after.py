"""One DQN update in the 2018 notebook style: a `lambda` named `Variable` wraps the legacy
`autograd.Variable` and moves to the GPU, the TD target is cut from the graph with
`autograd.Variable(next_q.data)`, and the importance weights start as a legacy `torch.Tensor(n, 1)`
filled on the host and copied to the device.

Each call of the `lambda` becomes what it gives today, the tensor detached and moved under the
flag; the `lambda`, then called nowhere, goes. The rest is rewritten to what it means today.
"""

import torch
import torch.autograd as autograd
from torch import nn

USE_CUDA = torch.cuda.is_available()


def td_loss(current, target, state, action, reward, next_state, gamma=0.9):
    device = next(current.parameters()).device
    q_value = current(state.detach().to("cuda" if USE_CUDA else "cpu")).gather(1, action.to(device).unsqueeze(1))
    next_q = target(next_state.detach().to("cuda" if USE_CUDA else "cpu")).max(1, keepdim=True)[0]
    expected = reward.to(device).unsqueeze(1) + gamma * next_q.data
    weights = torch.empty(state.size(0), 1, device=device).fill_(1.0)
    return (weights * (q_value - expected).pow(2)).mean()


def run():
    torch.manual_seed(0)
    current, target = nn.Linear(4, 3), nn.Linear(4, 3)
    if USE_CUDA:
        current, target = current.cuda(), target.cuda()
    target.load_state_dict(current.state_dict())
    generator = torch.Generator().manual_seed(11)
    state, next_state = torch.randn(5, 4, generator=generator), torch.randn(5, 4, generator=generator)
    action = torch.randint(0, 3, (5,), generator=generator)
    reward = torch.rand(5, generator=generator)
    loss = td_loss(current, target, state, action, reward, next_state)
    loss.backward()
    return {"loss": loss.detach(), "grad": current.weight.grad}
