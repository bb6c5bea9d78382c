# source: wolny/pytorch-3dunet pytorch3dunet/unet3d/trainer.py (a running average imported from the package's utils)
# verdict: hit, found, not fixed: the meter's class lives in another module, so the rule cannot show that it
# only sums and divides; its average is read only where the loop logs.
import torch
import torch.nn as nn
from utils import RunningAverage

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
net = nn.Linear(4, 1).to(device)
opt = torch.optim.SGD(net.parameters(), lr=0.1)
batches = [(torch.randn(5, 4), torch.randn(5, 1)) for _ in range(6)]


def train_epoch(log_every=3):
    running = RunningAverage()
    for it, (x, y) in enumerate(batches):
        x, y = x.to(device), y.to(device)
        loss = nn.functional.mse_loss(net(x), y)
        running.update(loss.item(), x.size(0))  # expect DEV008
        opt.zero_grad()
        loss.backward()
        opt.step()
        if it % log_every == 0:
            print(f"loss {running.avg}")
    return running.avg
