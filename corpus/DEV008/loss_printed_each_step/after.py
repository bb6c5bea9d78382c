"""Report-only case: the loss is printed and compared with the best so far on every step. The rule
reports both lines (each waits for the GPU) but leaves the fix to the author, so the file is
unchanged and must behave identically.
"""

import torch
import torch.nn as nn

STEPS = 6


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    generator = torch.Generator().manual_seed(5)
    x = torch.randn(32, 4, generator=generator).to(device)
    y = x.sum(dim=1).sin().to(device)
    model = nn.Sequential(nn.Linear(4, 16), nn.GELU(), nn.Linear(16, 1)).to(device)
    optimizer = torch.optim.Adam(model.parameters(), lr=0.02)

    best = None
    for step in range(STEPS):
        optimizer.zero_grad()
        loss = (model(x).squeeze(1) - y).pow(2).mean()
        loss.backward()
        optimizer.step()
        print("step", step, "loss", loss)
        if best is None or loss < best:
            best = loss.detach()
    return {"best": best, "last": loss.detach()}
