"""A few training steps. This module has no device bug of its own; the model's bugs break it on a GPU."""

import torch

from scorer.model import Scorer


def train(steps: int = 20):
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    torch.manual_seed(0)
    model = Scorer().to(device)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    x = torch.randn(32, 4, device=device)
    target = torch.randint(0, 3, (32,), device=device)
    losses = []
    for _ in range(steps):
        loss = torch.nn.functional.cross_entropy(model(x), target)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        losses.append(loss.detach())
    return {"losses": torch.stack(losses), "weight": model.linear.weight.detach()}
