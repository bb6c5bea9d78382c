"""A policy-gradient update (REINFORCE) for a small discrete-action policy.

Observations are collected on the CPU (as an environment hands them out) and each one is fed to the
policy, which was moved to the GPU for the update.
"""

import torch
from torch import nn


class Policy(nn.Module):
    def __init__(self, obs_dim=6, actions=3):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(obs_dim, 32), nn.ReLU(), nn.Linear(32, actions))

    def forward(self, obs):
        return torch.distributions.Categorical(logits=self.body(obs))


def collect(steps=16, obs_dim=6):
    observations = [torch.randn(obs_dim) for _ in range(steps)]
    rewards = torch.linspace(1.0, 0.0, steps)
    return observations, rewards


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    policy = Policy().to(device)
    optimizer = torch.optim.Adam(policy.parameters(), lr=1e-2)
    observations, rewards = collect()

    log_probs = []
    for obs in observations:
        dist = policy(obs)
        action = dist.probs.argmax()
        log_probs.append(dist.log_prob(action))

    returns = rewards.flip(0).cumsum(0).flip(0).to(device)
    loss = -(torch.stack(log_probs) * returns).sum()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    return {"loss": loss.detach(), "first_layer": policy.body[0].weight.detach()}
