"""Deep Q-learning on a cart-pole written inline (float64 NumPy physics), after the 2017 PyTorch
DQN tutorial.

Tensor types picked by `use_cuda` (`FloatTensor = torch.cuda.FloatTensor if use_cuda else ...`),
states stored as `FloatTensor([state])`, the greedy action from
`model(Variable(state, volatile=True).type(FloatTensor)).data.max(1)[1]`, the bootstrap target built
from `volatile` next states and then `next_state_values.volatile = False`, a `ByteTensor` mask,
`param.grad.data.clamp_(-1, 1)` and `loss.data[0]`.
"""
import math
import random
from collections import namedtuple

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
from torch.autograd import Variable

use_cuda = torch.cuda.is_available()
FloatTensor = torch.cuda.FloatTensor if use_cuda else torch.FloatTensor
LongTensor = torch.cuda.LongTensor if use_cuda else torch.LongTensor
ByteTensor = torch.cuda.ByteTensor if use_cuda else torch.ByteTensor
Tensor = FloatTensor

BATCH_SIZE = 4
GAMMA = 0.9
EPS_START, EPS_END, EPS_DECAY = 0.9, 0.05, 20

Transition = namedtuple('Transition', ('state', 'action', 'next_state', 'reward'))


class CartPole(object):
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


class ReplayMemory(object):
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
        super(DQN, self).__init__()
        self.l1 = nn.Linear(4, 16)
        self.l2 = nn.Linear(16, 2)

    def forward(self, x):
        return self.l2(F.relu(self.l1(x)))


model = None
optimizer = None
memory = None
steps_done = 0


def select_action(state):
    global steps_done
    sample = random.random()
    eps_threshold = EPS_END + (EPS_START - EPS_END) * math.exp(-1. * steps_done / EPS_DECAY)
    steps_done += 1
    if sample > eps_threshold:
        return model(Variable(state, volatile=True).type(FloatTensor)).data.max(1)[1].view(1, 1)
    else:
        return LongTensor([[random.randrange(2)]])


def optimize_model():
    if len(memory) < BATCH_SIZE:
        return None
    transitions = memory.sample(BATCH_SIZE)
    batch = Transition(*zip(*transitions))

    non_final_mask = ByteTensor(tuple(map(lambda s: s is not None, batch.next_state)))
    non_final_next_states = Variable(torch.cat([s for s in batch.next_state if s is not None]), volatile=True)
    state_batch = Variable(torch.cat(batch.state))
    action_batch = Variable(torch.cat(batch.action))
    reward_batch = Variable(torch.cat(batch.reward))

    state_action_values = model(state_batch).gather(1, action_batch)
    next_state_values = Variable(torch.zeros(BATCH_SIZE).type(Tensor))
    next_state_values[non_final_mask] = model(non_final_next_states).max(1)[0]
    next_state_values.volatile = False
    expected_state_action_values = (next_state_values * GAMMA) + reward_batch

    loss = F.smooth_l1_loss(state_action_values, expected_state_action_values.unsqueeze(1))
    optimizer.zero_grad()
    loss.backward()
    for param in model.parameters():
        param.grad.data.clamp_(-1, 1)
    optimizer.step()
    return loss.data[0]


def run():
    global model, optimizer, memory, steps_done
    random.seed(0)
    torch.manual_seed(0)
    env = CartPole(seed=0)
    model = DQN()
    if use_cuda:
        model.cuda()
    optimizer = optim.RMSprop(model.parameters(), lr=0.01)
    memory = ReplayMemory(100)
    steps_done = 0
    durations, losses = [], []
    for i_episode in range(3):
        state = FloatTensor([env.reset()])
        for t in range(12):
            action = select_action(state)
            next_state, reward, done, _ = env.step(action[0, 0])
            reward = Tensor([reward])
            if not done:
                next_state = FloatTensor([next_state])
            else:
                next_state = None
            memory.push(state, action, next_state, reward)
            state = next_state
            loss = optimize_model()
            if loss is not None:
                losses.append(loss)
            if done:
                break
        durations.append(t + 1)
    probe = model(Variable(FloatTensor([[0.0, 0.1, 0.02, -0.1]]), volatile=True)).data
    return {"durations": durations, "losses": losses, "q_probe": probe}


if __name__ == '__main__':
    print(run())
