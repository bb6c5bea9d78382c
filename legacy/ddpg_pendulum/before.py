"""Deep deterministic policy gradient on an inline pendulum, in the style of 2017 DDPG repositories.

Float64 NumPy states from the environment and Ornstein-Uhlenbeck noise; `to_tensor` helpers that
build `Variable(torch.from_numpy(x).float(), volatile=volatile)` and call `.cuda()` under `USE_CUDA`;
actions read back with `.data.cpu().numpy()`; target networks updated with
`target_param.data.copy_(...)`; the critic target computed from `volatile` target-network outputs
and unmarked with `next_q.volatile = False`; `nn.init.uniform` on the last layers; `F.tanh`.
"""
import math
import random

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.autograd import Variable
from torch.optim import Adam

USE_CUDA = torch.cuda.is_available()
FLOAT = torch.cuda.FloatTensor if USE_CUDA else torch.FloatTensor


def to_tensor(ndarray, volatile=False, requires_grad=False):
    t = Variable(torch.from_numpy(ndarray).float(), volatile=volatile, requires_grad=requires_grad)
    return t.cuda() if USE_CUDA else t


def to_numpy(var):
    return var.cpu().data.numpy() if USE_CUDA else var.data.numpy()


class Pendulum(object):
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


class OrnsteinUhlenbeck(object):
    def __init__(self, size, seed, theta=0.15, sigma=0.2):
        self.rng = np.random.RandomState(seed)
        self.theta, self.sigma = theta, sigma
        self.x = np.zeros(size)

    def sample(self):
        self.x = self.x - self.theta * self.x + self.sigma * self.rng.normal(size=self.x.shape)
        return self.x


class Actor(nn.Module):
    def __init__(self, nb_states, nb_actions, hidden=16):
        super(Actor, self).__init__()
        self.fc1 = nn.Linear(nb_states, hidden)
        self.fc2 = nn.Linear(hidden, nb_actions)
        nn.init.uniform(self.fc2.weight, -3e-3, 3e-3)

    def forward(self, x):
        return F.tanh(self.fc2(F.relu(self.fc1(x)))) * 2.0


class Critic(nn.Module):
    def __init__(self, nb_states, nb_actions, hidden=16):
        super(Critic, self).__init__()
        self.fc1 = nn.Linear(nb_states, hidden)
        self.fc2 = nn.Linear(hidden + nb_actions, hidden)
        self.fc3 = nn.Linear(hidden, 1)
        nn.init.uniform(self.fc3.weight, -3e-3, 3e-3)

    def forward(self, xs):
        x, a = xs
        out = F.relu(self.fc1(x))
        out = F.relu(self.fc2(torch.cat([out, a], 1)))
        return self.fc3(out)


def soft_update(target, source, tau):
    for target_param, param in zip(target.parameters(), source.parameters()):
        target_param.data.copy_(target_param.data * (1.0 - tau) + param.data * tau)


def hard_update(target, source):
    for target_param, param in zip(target.parameters(), source.parameters()):
        target_param.data.copy_(param.data)


class DDPG(object):
    def __init__(self, nb_states, nb_actions):
        self.actor, self.actor_target = Actor(nb_states, nb_actions), Actor(nb_states, nb_actions)
        self.critic, self.critic_target = Critic(nb_states, nb_actions), Critic(nb_states, nb_actions)
        self.actor_optim = Adam(self.actor.parameters(), lr=1e-3)
        self.critic_optim = Adam(self.critic.parameters(), lr=1e-3)
        hard_update(self.actor_target, self.actor)
        hard_update(self.critic_target, self.critic)
        if USE_CUDA:
            self.actor.cuda()
            self.actor_target.cuda()
            self.critic.cuda()
            self.critic_target.cuda()
        self.memory = []
        self.noise = OrnsteinUhlenbeck(nb_actions, seed=3)
        self.discount, self.tau, self.batch_size = 0.9, 0.1, 4
        self.criterion = nn.MSELoss()

    def select_action(self, s_t):
        action = to_numpy(self.actor(to_tensor(np.array([s_t]), volatile=True))).squeeze(0)
        return np.clip(action + self.noise.sample(), -2.0, 2.0)

    def update_policy(self):
        batch = random.sample(self.memory, self.batch_size)
        state_batch = np.array([b[0] for b in batch])
        action_batch = np.array([b[1] for b in batch])
        reward_batch = np.array([[b[2]] for b in batch])
        next_state_batch = np.array([b[3] for b in batch])

        next_q_values = self.critic_target([
            to_tensor(next_state_batch, volatile=True),
            self.actor_target(to_tensor(next_state_batch, volatile=True)),
        ])
        next_q_values.volatile = False
        target_q_batch = to_tensor(reward_batch) + self.discount * next_q_values

        self.critic.zero_grad()
        q_batch = self.critic([to_tensor(state_batch), to_tensor(action_batch)])
        value_loss = self.criterion(q_batch, target_q_batch)
        value_loss.backward()
        self.critic_optim.step()

        self.actor.zero_grad()
        policy_loss = -self.critic([to_tensor(state_batch), self.actor(to_tensor(state_batch))])
        policy_loss = policy_loss.mean()
        policy_loss.backward()
        self.actor_optim.step()

        soft_update(self.actor_target, self.actor, self.tau)
        soft_update(self.critic_target, self.critic, self.tau)
        return value_loss.data[0], policy_loss.data[0]


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
    return {"losses": losses, "rewards": rewards,
            "actor_out": to_numpy(agent.actor(to_tensor(np.array([[1.0, 0.0, 0.0]]), volatile=True)))}


if __name__ == '__main__':
    print(run())
