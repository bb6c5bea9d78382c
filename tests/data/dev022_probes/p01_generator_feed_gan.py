# source: caogang/wgan-gp gan_toy.py (an endless batch generator read with .next(), xrange loops, print statements)
# verdict: hit. Python 3 does not compile the print statements; `data.next()` and `xrange` fail at once.
import numpy as np
import torch
import torch.nn as nn


def endless_batches(size):
    while True:
        yield np.random.randn(size, 2).astype("float32")


critic = nn.Sequential(nn.Linear(2, 16), nn.ReLU(), nn.Linear(16, 1))
print critic  # expect DEV022
batches = endless_batches(32)
for step in xrange(100):  # expect DEV022
    for _ in xrange(5):  # expect DEV022
        real = torch.from_numpy(batches.next())  # expect DEV022
        score = critic(real).mean()
    if step % 10 == 0:
        print "step", step  # expect DEV022
