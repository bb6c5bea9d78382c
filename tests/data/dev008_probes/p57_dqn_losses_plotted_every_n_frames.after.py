# source: seungjaeryanlee/RL-Adventure-0.4.1 1.dqn.ipynb (a DQN loop lists every update's loss, plots the whole list every 200 frames)
# verdict: hit; the list is read whole only in the plotting branch: the tensors kept since the last plot are moved into it there with one copy.
import random

import torch
import torch.nn as nn

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
model = nn.Linear(4, 2).to(device)
optimizer = torch.optim.Adam(model.parameters())
memory = []


def td_loss(batch):
    states = torch.stack([s for s, _ in batch]).to(device)
    targets = torch.stack([t for _, t in batch]).to(device)
    loss = (model(states).max(1)[0] - targets).pow(2).mean()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    return loss


def show(frame, rewards, losses):
    print(frame, sum(rewards[-10:]), losses[-1:])


losses = []
rewards = []
losses_pending = []
for frame in range(1, 601):
    memory.append((torch.randn(4), torch.randn(())))
    rewards.append(random.random())
    if len(memory) > 32:
        loss = td_loss(random.sample(memory, 32))
        losses_pending.append(loss.detach())  # expect DEV008
    if frame % 200 == 0:
        losses += torch.stack(losses_pending).tolist() if losses_pending else []
        losses_pending = []
        show(frame, rewards, losses)
losses += torch.stack(losses_pending).tolist() if losses_pending else []
