"""Per-element losses in the PyTorch 0.4.0 style: `reduce=False` keeps one loss per element (whatever
`size_average` says), which the code weights by hand before averaging. PyTorch reads them as
`reduction="none"`; a `size_average=True` alone is the mean.
"""

import torch
import torch.nn as nn
import torch.nn.functional as F


def run():
    torch.manual_seed(1)
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model = nn.Linear(4, 2).to(device)
    logit_loss = nn.BCEWithLogitsLoss(reduce=False)
    optimizer = torch.optim.Adam(model.parameters(), lr=0.05)
    x = torch.randn(10, 4, device=device)
    target = (torch.rand(10, 2, device=device) > 0.5).float()
    weights = torch.linspace(0.5, 1.5, 10, device=device).unsqueeze(1)
    history = []
    for _ in range(4):
        optimizer.zero_grad()
        out = model(x)
        per_element = logit_loss(out, target) + F.mse_loss(out, target, size_average=True, reduce=False)
        loss = (per_element * weights).mean() + F.l1_loss(out, target, size_average=True)
        loss.backward()
        optimizer.step()
        history.append(loss.detach())
    return {"history": torch.stack(history), "bias": model.bias.detach()}
