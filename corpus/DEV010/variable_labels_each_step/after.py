"""A critic trained to tell two point clouds apart, in the pre-0.4 style: every step wraps fresh
target labels in `Variable(...)` on the host, then copies them to the device.
"""

import torch
import torch.nn as nn

BATCH, FEATURES, STEPS = 16, 6, 6


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    generator = torch.Generator().manual_seed(11)
    near = torch.randn(STEPS, BATCH, FEATURES, generator=generator).to(device) + 1.0
    far = torch.randn(STEPS, BATCH, FEATURES, generator=generator).to(device) - 1.0
    critic = nn.Sequential(nn.Linear(FEATURES, 8), nn.ReLU(), nn.Linear(8, 1)).to(device)
    optimizer = torch.optim.SGD(critic.parameters(), lr=0.1)
    criterion = nn.BCEWithLogitsLoss()

    for step in range(STEPS):
        near_label = torch.ones(BATCH, 1, device=device)
        far_label = torch.zeros(BATCH, 1, device=device)
        optimizer.zero_grad()
        loss = criterion(critic(near[step]), near_label) + criterion(critic(far[step]), far_label)
        loss.backward()
        optimizer.step()
    return {"loss": loss.detach(), "weight": critic[0].weight.detach()}
