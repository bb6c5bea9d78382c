"""A PPO-style critic update: the agent's constructor moves its critic to the device, and `update`
draws minibatches of the rollout it is handed from a generator of its own.

The loop moves the states where it feeds the critic, but the returns of the same minibatch meet the
critic's values in host memory: on a GPU the loss fails with a device mismatch. A second loss compares
the values with the returns through `F.mse_loss`.
"""

import torch
import torch.nn.functional as F
from torch import nn

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")


class Agent:
    def __init__(self, obs_dim=4, hidden=16):
        self.critic = nn.Sequential(nn.Linear(obs_dim, hidden), nn.Tanh(), nn.Linear(hidden, 1)).to(device)
        self.optimizer = torch.optim.Adam(self.critic.parameters(), lr=1e-2)

    def minibatches(self, states, returns, size=8):
        order = torch.randperm(len(states))
        for start in range(0, len(states), size):
            ids = order[start:start + size]
            yield states[ids], returns[ids]

    def update(self, states, returns, epochs=3):
        losses = []
        for _ in range(epochs):
            for states_i, returns_i in self.minibatches(states, returns):
                value = self.critic(states_i.to(device))
                loss = 0.5 * (returns_i.to(device) - value).pow(2).mean() + 0.1 * F.mse_loss(value, returns_i.to(device))
                self.optimizer.zero_grad()
                loss.backward()
                self.optimizer.step()
                losses.append(loss.detach())
        return torch.stack(losses)


def rollout(steps=32, obs_dim=4):
    states = torch.randn(steps, obs_dim)
    rewards = states.sum(dim=1, keepdim=True)
    returns = rewards.flip(0).cumsum(0).flip(0) / steps
    return states, returns


def run():
    torch.manual_seed(0)
    agent = Agent()
    states, returns = rollout()
    losses = agent.update(states, returns.detach())
    return {"losses": losses, "weight": agent.critic[0].weight.detach()}
