"""A GAN-style loop that keeps both losses of every step in lists (`G_losses.append(errG.item())`), to
plot them after training; it prints only every few steps.

Each `.item()` waits for the GPU every step. The lists are not read inside the loop, so the fix appends
the detached tensors and reads their values once after the loop, in the same order.
"""

import torch
import torch.nn as nn

STEPS = 10


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    generator = torch.Generator().manual_seed(29)
    real = torch.randn(STEPS, 8, 2, generator=generator).to(device) * 0.5 + 1.0
    noise = torch.randn(STEPS, 8, 3, generator=generator).to(device)
    torch.manual_seed(9)
    net_g = nn.Sequential(nn.Linear(3, 8), nn.ReLU(), nn.Linear(8, 2)).to(device)
    net_d = nn.Sequential(nn.Linear(2, 8), nn.ReLU(), nn.Linear(8, 1)).to(device)
    opt_d = torch.optim.SGD(net_d.parameters(), lr=0.05)
    opt_g = torch.optim.SGD(net_g.parameters(), lr=0.05)
    criterion = nn.BCEWithLogitsLoss()
    ones = torch.ones(8, 1, device=device)
    zeros = torch.zeros(8, 1, device=device)

    g_losses = []
    d_losses = []
    for step in range(STEPS):
        opt_d.zero_grad()
        fake = net_g(noise[step])
        err_d = criterion(net_d(real[step]), ones) + criterion(net_d(fake.detach()), zeros)
        err_d.backward()
        opt_d.step()
        opt_g.zero_grad()
        err_g = criterion(net_d(fake), ones)
        err_g.backward()
        opt_g.step()
        if step % 5 == 0:
            print("step", step)
        g_losses.append(err_g.detach())
        d_losses.append(err_d.detach())
    g_losses = torch.stack(g_losses).tolist() if g_losses else []
    d_losses = torch.stack(d_losses).tolist() if d_losses else []
    return {"g_losses": torch.tensor(g_losses), "d_losses": torch.tensor(d_losses)}
