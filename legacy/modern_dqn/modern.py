"""A modern DQN update on an inline float64 environment: the shape of dqn_cartpole/before.py.

States are converted with `torch.as_tensor(..., dtype=torch.float32, device=device)` where they leave
NumPy, the bootstrap target comes from a target network under `torch.no_grad()`, the terminal mask is
a bool tensor, and actions are Python ints from `.item()` at the environment boundary. Nothing to fix.
"""
import random

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F


class Walk:
    def __init__(self, seed):
        self.rng = np.random.RandomState(seed)

    def reset(self):
        self.pos = self.rng.uniform(-0.1, 0.1, size=2)
        return self.pos.copy()

    def step(self, action):
        self.pos = self.pos + (0.1 if action == 1 else -0.1) + self.rng.normal(0, 0.01, size=2)
        done = bool(abs(self.pos[0]) > 0.5)
        return self.pos.copy(), float(-abs(self.pos[0])), done


def run():
    random.seed(0)
    torch.manual_seed(0)
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    policy = nn.Sequential(nn.Linear(2, 16), nn.ReLU(), nn.Linear(16, 2)).to(device)
    target = nn.Sequential(nn.Linear(2, 16), nn.ReLU(), nn.Linear(16, 2)).to(device)
    target.load_state_dict(policy.state_dict())
    optimizer = torch.optim.Adam(policy.parameters(), lr=0.01)
    env = Walk(0)
    memory = []
    state = torch.as_tensor(env.reset(), dtype=torch.float32, device=device)
    for step in range(12):
        if random.random() < 0.3:
            action = random.randrange(2)
        else:
            with torch.no_grad():
                action = policy(state.unsqueeze(0)).argmax(1).item()
        next_state, reward, done = env.step(action)
        next_state = torch.as_tensor(next_state, dtype=torch.float32, device=device)
        memory.append((state, action, reward, next_state, done))
        state = torch.as_tensor(env.reset(), dtype=torch.float32, device=device) if done else next_state
    batch = random.sample(memory, 6)
    states = torch.stack([b[0] for b in batch])
    actions = torch.tensor([b[1] for b in batch], device=device).unsqueeze(1)
    rewards = torch.tensor([b[2] for b in batch], device=device)
    next_states = torch.stack([b[3] for b in batch])
    not_done = torch.tensor([not b[4] for b in batch], dtype=torch.bool, device=device)
    q = policy(states).gather(1, actions).squeeze(1)
    with torch.no_grad():
        bootstrap = torch.where(not_done, target(next_states).max(1)[0], torch.zeros_like(rewards))
    loss = F.smooth_l1_loss(q, rewards + 0.9 * bootstrap)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    return {"loss": loss.item(), "q": q.detach()}


if __name__ == "__main__":
    print(run())
