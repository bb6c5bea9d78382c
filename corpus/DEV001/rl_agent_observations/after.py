"""An actor-critic agent in the style of 2019 reinforcement-learning repositories: the agent's
constructor moves its critic to the device; the environment hands out NumPy observations, and the
loop turns each new one into a tensor (`torch.FloatTensor(obs)`) that it feeds to the critic at the
top of the next step, never moved. The bootstrap value at the end is computed the same way, right
in the call.
"""

import numpy as np
import torch
from torch import nn

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")


class Critic(nn.Module):
    def __init__(self, obs_dim):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(obs_dim, 16), nn.ReLU(), nn.Linear(16, 1))

    def forward(self, obs):
        return self.body(obs)


class Agent:
    def __init__(self, obs_dim):
        self.critic = Critic(obs_dim).to(device)


class ToyEnv:
    """A deterministic stand-in for a gym environment: float32 observations from a seeded generator."""

    def __init__(self, seed, obs_dim=4):
        self.rng = np.random.default_rng(seed)
        self.obs_dim = obs_dim

    def reset(self):
        return self.rng.standard_normal(self.obs_dim).astype(np.float32)

    def step(self, value):
        return (self.rng.standard_normal(self.obs_dim) * 0.5 + value).astype(np.float32)


def run():
    torch.manual_seed(0)
    env = ToyEnv(0)
    agent = Agent(4)
    state = torch.as_tensor(env.reset(), dtype=torch.float32, device=device)
    values = []
    for t in range(6):
        value = agent.critic(state)
        values.append(value)
        next_obs = env.step(float(t) / 6)
        next_state = torch.as_tensor(next_obs, dtype=torch.float32, device=device)
        state = next_state
    bootstrap = agent.critic(torch.from_numpy(env.reset()).float().to(device))
    return {"values": torch.stack(values).detach(), "bootstrap": bootstrap.detach()}
