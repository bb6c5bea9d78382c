"""Legacy float and integer constructors of arrays that are plainly data: a vectorised environment's
`1 - done` mask (arithmetic of a value unpacked from `envs.step(...)` and a number: an array of one flag
per environment, read as data, an unsafe fix), and NumPy calls that always make an array of at least
one dimension (`np.diff`, `np.argsort`, `np.cumsum`), data whatever they are given. Each becomes
`torch.as_tensor(..., dtype=...)`, then is made on the device it was moved to (DEV010); the running
sum, a size filled right away, is made there too.
"""

import numpy as np
import torch


class VectorEnvs:
    def __init__(self, n):
        self.rng = np.random.RandomState(0)
        self.n = n

    def step(self, actions):
        state = self.rng.rand(self.n, 3).astype(np.float32)
        reward = self.rng.rand(self.n)
        done = self.rng.rand(self.n) > 0.7
        return state, reward, done, {}


def rollout(envs, policy, state, steps, device):
    rewards, masks = [], []
    returns = torch.empty(envs.n, dtype=torch.float32, device=device).zero_()
    for _ in range(steps):
        state = torch.as_tensor(state, dtype=torch.float32, device=device)
        action = policy(state).argmax(1)
        next_state, reward, done, _ = envs.step(action.cpu().numpy())
        rewards.append(torch.as_tensor(reward, dtype=torch.float32, device=device).unsqueeze(1))
        masks.append(torch.as_tensor(1 - done, dtype=torch.float32, device=device).unsqueeze(1))
        returns += rewards[-1].squeeze(1) * masks[-1].squeeze(1)
        state = next_state
    return rewards, masks, returns


def bands(low, high, n, lengths):
    hz = np.linspace(low, high, n + 1)
    band = torch.as_tensor(np.diff(hz), dtype=torch.get_default_dtype()).view(-1, 1)
    order = torch.as_tensor(np.argsort(lengths), dtype=torch.int64)
    total = torch.as_tensor(np.cumsum(lengths), dtype=torch.float32)
    return band, order, total


def run():
    torch.manual_seed(0)
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    envs = VectorEnvs(4)
    policy = torch.nn.Sequential(torch.nn.Linear(3, 8), torch.nn.ReLU(), torch.nn.Linear(8, 2)).to(device)
    state = np.zeros((4, 3), dtype=np.float32)
    with torch.no_grad():
        rewards, masks, returns = rollout(envs, policy, state, 3, device)
    band, order, total = bands(30.0, 800.0, 5, np.array([3, 1, 2]))
    return {
        "returns": returns,
        "rewards": torch.cat(rewards),
        "masks": torch.cat(masks),
        "band": band,
        "order": order,
        "total": total,
    }
