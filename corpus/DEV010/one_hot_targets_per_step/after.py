"""Training with soft (label-smoothed) targets built on the host at every step, then copied.

The one-hot matrix and the identity used for a regulariser are allocated on the CPU each step.
"""

import torch
import torch.nn as nn

CLASSES, STEPS, SMOOTH = 5, 8, 0.1


def soft_targets(labels, device):
    one_hot = torch.zeros(labels.size(0), CLASSES, device=device)
    one_hot.scatter_(1, labels.unsqueeze(1), 1.0)
    return one_hot * (1 - SMOOTH) + SMOOTH / CLASSES


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    generator = torch.Generator().manual_seed(2)
    inputs = torch.randn(STEPS, 12, 6, generator=generator).to(device)
    labels = torch.randint(0, CLASSES, (STEPS, 12), generator=generator).to(device)
    model = nn.Linear(6, CLASSES).to(device)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.2)

    for step in range(STEPS):
        optimizer.zero_grad()
        log_probs = model(inputs[step]).log_softmax(-1)
        loss = -(soft_targets(labels[step], device) * log_probs).sum(-1).mean()
        gram = model.weight @ model.weight.T
        loss = loss + 1e-3 * (gram - torch.eye(CLASSES, device=device)).pow(2).sum()
        loss.backward()
        optimizer.step()
    return {"weight": model.weight.detach(), "loss": loss.detach()}
