"""Legacy float constructors of what the file shows nothing about: a replay memory's batch unpacked
from a method's result, a namedtuple's field, a loaded record's entry, a true division. Each is read
as data, `torch.as_tensor(..., dtype=...)` (an unsafe fix: were the argument an int, the legacy call
made an uninitialised tensor of that size), then made on the device it was moved to (DEV010). The
array given as it is keeps sharing its memory with the tensor, as the legacy call did.
`torch.Tensor(num_atoms)` of an int is a size (`torch.empty`).
"""

from collections import namedtuple

import numpy as np
import torch

Transition = namedtuple("Transition", ("state", "reward", "mask"))


class Memory:
    def __init__(self):
        rng = np.random.RandomState(0)
        self.states = rng.rand(6, 4).astype(np.float32)
        self.rewards = rng.rand(6)
        self.masks = [1.0, 1.0, 0.0, 1.0, 0.0, 1.0]

    def sample(self, batch_size):
        index = np.arange(batch_size)
        return self.states[index], self.rewards[index], [self.masks[i] for i in index]

    def batch(self, batch_size):
        return Transition(*self.sample(batch_size))


def update(memory, batch_size, high, low, device):
    state, reward, mask = memory.sample(batch_size)
    state = torch.FloatTensor(state).to(device)
    reward = torch.FloatTensor(reward).to(device)
    batch = memory.batch(batch_size)
    masks = torch.Tensor(batch.mask).to(device)
    scale = torch.FloatTensor((high - low) / 2.0).to(device)
    return state, reward, masks, scale


def run():
    torch.manual_seed(0)
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    memory = Memory()
    net = torch.nn.Sequential(
        torch.nn.Linear(4, 32),
        torch.nn.ReLU(),
        torch.nn.Linear(32, 32),
        torch.nn.ReLU(),
        torch.nn.Linear(32, 2),
    ).to(device)
    state, reward, masks, scale = update(memory, 4, np.array([2.0, 4.0]), np.array([0.0, 1.0]), device)
    records = {"loss": [0.5, 0.25, 0.125]}
    history = torch.FloatTensor(records["loss"])
    # The tensor shares the array's memory, as it did: a write to the array shows in it.
    states = memory.states
    shared = torch.FloatTensor(states)
    states[0, 0] = 7.0
    num_atoms = 3
    support = torch.Tensor(num_atoms).fill_(0.5).to(device)
    with torch.no_grad():
        q = net(state) * scale
        target = reward.unsqueeze(1) + masks.unsqueeze(1) * q.max(1, keepdim=True)[0]
        return {
            "target": target,
            "loss": torch.nn.functional.smooth_l1_loss(q, target.expand_as(q)),
            "history": history,
            "shared": shared,
            "support": support * q.mean(),
        }
