# source: caogang/wgan-gp gan_toy.py (an endless batch generator read with .next(), xrange loops, print statements)
# verdict: hit. Python 3 does not compile the print statements; `data.next()` and `xrange` fail at once.
import numpy as np
import torch
import torch.nn as nn


def endless_batches(size):
    while True:
        yield np.random.randn(size, 2).astype("float32")


critic = nn.Sequential(nn.Linear(2, 16), nn.ReLU(), nn.Linear(16, 1))
print(critic)
batches = endless_batches(32)
for step in range(100):
    for _ in range(5):
        real = torch.from_numpy(next(batches))
        score = critic(real).mean()
    if step % 10 == 0:
        print("step", step)
