"""The pendulum DDPG of before.py for PyTorch 2.x.

States become float32 on `device` in one `torch.as_tensor(..., dtype=torch.float32, device=device)`;
the acting policy and the critic target are computed under `torch.no_grad()`; target networks are
updated in place under `no_grad`; `nn.init.uniform_` and
`torch.tanh`; losses are read with `.item()`.
"""
import math
import random

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.optim import Adam

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")


def to_tensor(ndarray):
    return torch.as_tensor(ndarray, dtype=torch.float32, device=device)


def to_numpy(t):
    return t.detach().cpu().numpy()


class Pendulum:
    def __init__(self, seed):
        self.rng = np.random.RandomState(seed)

    def reset(self):
        self.th, self.thdot = self.rng.uniform(-math.pi, math.pi), self.rng.uniform(-1, 1)
        return self._obs()

    def _obs(self):
        return np.array([math.cos(self.th), math.sin(self.th), self.thdot])

    def step(self, u):
        u = float(np.clip(u, -2.0, 2.0)[0])
        cost = ((self.th + math.pi) % (2 * math.pi) - math.pi) ** 2 + 0.1 * self.thdot ** 2 + 0.001 * u ** 2
        self.thdot = float(np.clip(self.thdot + (-30 * math.sin(self.th + math.pi) + 3.0 * u) * 0.05, -8, 8))
        self.th = self.th + self.thdot * 0.05
        return self._obs(), -cost, False, {}


class OrnsteinUhlenbeck:
    def __init__(self, size, seed, theta=0.15, sigma=0.2):
        self.rng = np.random.RandomState(seed)
        self.theta, self.sigma = theta, sigma
        self.x = np.zeros(size)

    def sample(self):
        self.x = self.x - self.theta * self.x + self.sigma * self.rng.normal(size=self.x.shape)
        return self.x


class Actor(nn.Module):
    def __init__(self, nb_states, nb_actions, hidden=16):
        super().__init__()
        self.fc1 = nn.Linear(nb_states, hidden)
        self.fc2 = nn.Linear(hidden, nb_actions)
        nn.init.uniform_(self.fc2.weight, -3e-3, 3e-3)

    def forward(self, x):
        return torch.tanh(self.fc2(F.relu(self.fc1(x)))) * 2.0


class Critic(nn.Module):
    def __init__(self, nb_states, nb_actions, hidden=16):
        super().__init__()
        self.fc1 = nn.Linear(nb_states, hidden)
        self.fc2 = nn.Linear(hidden + nb_actions, hidden)
        self.fc3 = nn.Linear(hidden, 1)
        nn.init.uniform_(self.fc3.weight, -3e-3, 3e-3)

    def forward(self, xs):
        x, a = xs
        out = F.relu(self.fc1(x))
        out = F.relu(self.fc2(torch.cat([out, a], 1)))
        return self.fc3(out)


@torch.no_grad()
def soft_update(target, source, tau):
    for target_param, param in zip(target.parameters(), source.parameters()):
        target_param.copy_(target_param * (1.0 - tau) + param * tau)


@torch.no_grad()
def hard_update(target, source):
    for target_param, param in zip(target.parameters(), source.parameters()):
        target_param.copy_(param)


class DDPG:
    def __init__(self, nb_states, nb_actions):
        self.actor, self.actor_target = Actor(nb_states, nb_actions), Actor(nb_states, nb_actions)
        self.critic, self.critic_target = Critic(nb_states, nb_actions), Critic(nb_states, nb_actions)
        self.actor_optim = Adam(self.actor.parameters(), lr=1e-3)
        self.critic_optim = Adam(self.critic.parameters(), lr=1e-3)
        hard_update(self.actor_target, self.actor)
        hard_update(self.critic_target, self.critic)
        for net in (self.actor, self.actor_target, self.critic, self.critic_target):
            net.to(device)
        self.memory = []
        self.noise = OrnsteinUhlenbeck(nb_actions, seed=3)
        self.discount, self.tau, self.batch_size = 0.9, 0.1, 4
        self.criterion = nn.MSELoss()

    def select_action(self, s_t):
        with torch.no_grad():
            action = to_numpy(self.actor(to_tensor(np.array([s_t])))).squeeze(0)
        return np.clip(action + self.noise.sample(), -2.0, 2.0)

    def update_policy(self):
        batch = random.sample(self.memory, self.batch_size)
        state_batch = to_tensor(np.array([b[0] for b in batch]))
        action_batch = to_tensor(np.array([b[1] for b in batch]))
        reward_batch = to_tensor(np.array([[b[2]] for b in batch]))
        next_state_batch = to_tensor(np.array([b[3] for b in batch]))

        with torch.no_grad():
            next_q_values = self.critic_target([next_state_batch, self.actor_target(next_state_batch)])
            target_q_batch = reward_batch + self.discount * next_q_values

        self.critic.zero_grad()
        q_batch = self.critic([state_batch, action_batch])
        value_loss = self.criterion(q_batch, target_q_batch)
        value_loss.backward()
        self.critic_optim.step()

        self.actor.zero_grad()
        policy_loss = -self.critic([state_batch, self.actor(state_batch)])
        policy_loss = policy_loss.mean()
        policy_loss.backward()
        self.actor_optim.step()

        soft_update(self.actor_target, self.actor, self.tau)
        soft_update(self.critic_target, self.critic, self.tau)
        return value_loss.item(), policy_loss.item()


def run():
    random.seed(1)
    torch.manual_seed(1)
    env = Pendulum(seed=1)
    agent = DDPG(3, 1)
    state = env.reset()
    losses, rewards = [], []
    for step in range(10):
        action = agent.select_action(state)
        next_state, reward, done, _ = env.step(action)
        agent.memory.append((state, action, reward, next_state))
        rewards.append(reward)
        state = next_state
        if len(agent.memory) >= agent.batch_size:
            losses.append(agent.update_policy())
    with torch.no_grad():
        actor_out = to_numpy(agent.actor(to_tensor(np.array([[1.0, 0.0, 0.0]]))))
    return {"losses": losses, "rewards": rewards, "actor_out": actor_out}


if __name__ == "__main__":
    print(run())
