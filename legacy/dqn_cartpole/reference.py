"""The cart-pole DQN of before.py for PyTorch 2.x.

One `device`; states become float32 tensors where they leave NumPy; the greedy action and the
bootstrap target are computed under `torch.no_grad()` (what `volatile=True` meant: no gradient flows
through the target); the mask is a bool tensor; gradients are clamped in place on `param.grad`.
"""
import math
import random
from collections import namedtuple

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

BATCH_SIZE = 4
GAMMA = 0.9
EPS_START, EPS_END, EPS_DECAY = 0.9, 0.05, 20

Transition = namedtuple("Transition", ("state", "action", "next_state", "reward"))


class CartPole:
    """Just enough of gym's CartPole-v0: float64 state, +1 reward per step, done when it falls."""

    def __init__(self, seed):
        self.rng = np.random.RandomState(seed)
        self.state = None

    def reset(self):
        self.state = self.rng.uniform(-0.05, 0.05, size=4)
        return self.state

    def step(self, action):
        x, x_dot, theta, theta_dot = self.state
        force = 10.0 if action == 1 else -10.0
        costheta, sintheta = math.cos(theta), math.sin(theta)
        temp = (force + 0.05 * theta_dot * theta_dot * sintheta) / 1.1
        thetaacc = (9.8 * sintheta - costheta * temp) / (0.5 * (4.0 / 3.0 - 0.1 * costheta * costheta / 1.1))
        xacc = temp - 0.05 * thetaacc * costheta / 1.1
        self.state = np.array([x + 0.02 * x_dot, x_dot + 0.02 * xacc,
                               theta + 0.02 * theta_dot, theta_dot + 0.02 * thetaacc])
        done = abs(self.state[0]) > 2.4 or abs(self.state[2]) > 0.21
        return self.state, 1.0, done, {}


class ReplayMemory:
    def __init__(self, capacity):
        self.capacity = capacity
        self.memory = []
        self.position = 0

    def push(self, *args):
        if len(self.memory) < self.capacity:
            self.memory.append(None)
        self.memory[self.position] = Transition(*args)
        self.position = (self.position + 1) % self.capacity

    def sample(self, batch_size):
        return random.sample(self.memory, batch_size)

    def __len__(self):
        return len(self.memory)


class DQN(nn.Module):
    def __init__(self):
        super().__init__()
        self.l1 = nn.Linear(4, 16)
        self.l2 = nn.Linear(16, 2)

    def forward(self, x):
        return self.l2(F.relu(self.l1(x)))


model = None
optimizer = None
memory = None
steps_done = 0


def as_state(array):
    return torch.tensor(array, dtype=torch.float32, device=device).unsqueeze(0)


def select_action(state):
    global steps_done
    sample = random.random()
    eps_threshold = EPS_END + (EPS_START - EPS_END) * math.exp(-1.0 * steps_done / EPS_DECAY)
    steps_done += 1
    if sample > eps_threshold:
        with torch.no_grad():
            return model(state).max(1)[1].view(1, 1)
    return torch.tensor([[random.randrange(2)]], device=device, dtype=torch.long)


def optimize_model():
    if len(memory) < BATCH_SIZE:
        return None
    transitions = memory.sample(BATCH_SIZE)
    batch = Transition(*zip(*transitions))

    non_final_mask = torch.tensor(tuple(s is not None for s in batch.next_state), device=device,
                                  dtype=torch.bool)
    non_final_next_states = torch.cat([s for s in batch.next_state if s is not None])
    state_batch = torch.cat(batch.state)
    action_batch = torch.cat(batch.action)
    reward_batch = torch.cat(batch.reward)

    state_action_values = model(state_batch).gather(1, action_batch)
    next_state_values = torch.zeros(BATCH_SIZE, device=device)
    with torch.no_grad():
        next_state_values[non_final_mask] = model(non_final_next_states).max(1)[0]
    expected_state_action_values = (next_state_values * GAMMA) + reward_batch

    loss = F.smooth_l1_loss(state_action_values, expected_state_action_values.unsqueeze(1))
    optimizer.zero_grad()
    loss.backward()
    for param in model.parameters():
        param.grad.clamp_(-1, 1)
    optimizer.step()
    return loss.item()


def run():
    global model, optimizer, memory, steps_done
    random.seed(0)
    torch.manual_seed(0)
    env = CartPole(seed=0)
    model = DQN().to(device)
    optimizer = optim.RMSprop(model.parameters(), lr=0.01)
    memory = ReplayMemory(100)
    steps_done = 0
    durations, losses = [], []
    for i_episode in range(3):
        state = as_state(env.reset())
        for t in range(12):
            action = select_action(state)
            next_state, reward, done, _ = env.step(action.item())
            reward = torch.tensor([reward], device=device)
            next_state = None if done else as_state(next_state)
            memory.push(state, action, next_state, reward)
            state = next_state
            loss = optimize_model()
            if loss is not None:
                losses.append(loss)
            if done:
                break
        durations.append(t + 1)
    with torch.no_grad():
        probe = model(torch.tensor([[0.0, 0.1, 0.02, -0.1]], device=device))
    return {"durations": durations, "losses": losses, "q_probe": probe}


if __name__ == "__main__":
    print(run())
