"""The corridor actor-critic of before.py for PyTorch 2.x.

The softmax names its `dim`, the sampled action is a Python int from `.item()`, returns are a
`torch.tensor`, the advantage is `r - value.item()` and the critic's target `torch.tensor([r])`;
the loss is read with `.item()`. The agent stays on the CPU, as the original's did.
"""
import argparse
from collections import namedtuple

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
from torch.distributions import Categorical

parser = argparse.ArgumentParser(description="PyTorch actor-critic example")
parser.add_argument("--gamma", type=float, default=0.9, metavar="G")
parser.add_argument("--seed", type=int, default=543, metavar="N")
args = parser.parse_args([])
# The original never leaves the CPU (no `.cuda()` anywhere), and its action sampling draws from the
# CPU's generator: the reference keeps both there.
device = torch.device("cpu")

SavedAction = namedtuple("SavedAction", ["log_prob", "value"])


class Corridor:
    """Walk right from 0 to 1 with noisy steps; reward 1 per step spent near the goal."""

    def __init__(self, seed):
        self.rng = np.random.RandomState(seed)

    def reset(self):
        self.pos, self.vel = 0.0, 0.0
        return np.array([self.pos, self.vel, 1.0 - self.pos])

    def step(self, action):
        push = 0.1 if action == 1 else -0.1
        self.vel = 0.8 * self.vel + push + self.rng.normal(0, 0.02)
        self.pos = self.pos + self.vel
        reward = 1.0 if abs(self.pos - 1.0) < 0.3 else 0.0
        done = self.pos < -0.5 or self.pos > 1.5
        return np.array([self.pos, self.vel, 1.0 - self.pos]), reward, done, {}


class Policy(nn.Module):
    def __init__(self):
        super().__init__()
        self.affine1 = nn.Linear(3, 16)
        self.action_head = nn.Linear(16, 2)
        self.value_head = nn.Linear(16, 1)
        self.saved_actions = []
        self.rewards = []

    def forward(self, x):
        x = F.relu(self.affine1(x))
        action_scores = self.action_head(x)
        state_values = self.value_head(x)
        return F.softmax(action_scores, dim=1), state_values


model = None
optimizer = None


def select_action(state):
    state = torch.from_numpy(state).float().unsqueeze(0).to(device)
    probs, state_value = model(state)
    m = Categorical(probs)
    action = m.sample()
    model.saved_actions.append(SavedAction(m.log_prob(action), state_value))
    return action.item()


def finish_episode():
    R = 0
    saved_actions = model.saved_actions
    policy_losses = []
    value_losses = []
    rewards = []
    for r in model.rewards[::-1]:
        R = r + args.gamma * R
        rewards.insert(0, R)
    rewards = torch.tensor(rewards, device=device)
    rewards = (rewards - rewards.mean()) / (rewards.std() + np.finfo(np.float32).eps)
    for (log_prob, value), r in zip(saved_actions, rewards):
        advantage = r - value.item()
        policy_losses.append(-log_prob * advantage)
        value_losses.append(F.smooth_l1_loss(value[0], r.view(1)))
    optimizer.zero_grad()
    loss = torch.stack(policy_losses).sum() + torch.stack(value_losses).sum()
    loss.backward()
    optimizer.step()
    del model.rewards[:]
    del model.saved_actions[:]
    return loss.item()


def run():
    global model, optimizer
    torch.manual_seed(args.seed)
    env = Corridor(args.seed)
    model = Policy().to(device)
    optimizer = optim.Adam(model.parameters(), lr=3e-2)
    running_reward = 10
    losses, lengths = [], []
    for i_episode in range(3):
        state = env.reset()
        for t in range(8):
            action = select_action(state)
            state, reward, done, _ = env.step(action)
            model.rewards.append(reward + 0.1 * t)
            if done:
                break
        running_reward = running_reward * 0.99 + t * 0.01
        losses.append(finish_episode())
        lengths.append(t)
    return {"losses": losses, "lengths": lengths, "running_reward": running_reward}


if __name__ == "__main__":
    print(run())
