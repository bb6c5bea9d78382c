"""Legacy constructors given what the code names as a collection, and conditional legacy type
aliases that nothing reads once their calls are rewritten.

`torch.ByteTensor(dones)`, `torch.LongTensor(nodes)`, `torch.FloatTensor(class_weights)`: a plural
name holds values, read as data (`torch.as_tensor(..., dtype=...)`, an unsafe fix: were it an int,
the legacy call made an uninitialised tensor of that size). `torch.LongTensor(total_counts)`, a
plural the code binds to an int (`= 0`, `+=`), is not read as data: a size (`torch.empty`), as
before, then made on the device it is moved to (DEV010). The aliases go once unused (unsafe at module
level: another module could import them): the `ByteTensor` of `torch.cuda.ByteTensor` in the alias's
own line is no read of it.
"""

import numpy as np
import torch

use_cuda = torch.cuda.is_available()


def sample(buffer, indices):
    states, rewards, dones = zip(*[buffer[i] for i in indices])
    states = np.array(states, dtype=np.float32)
    return states, np.array(rewards, dtype=np.float32), np.array(dones, dtype=np.uint8)


def step(buffer, nodes, class_weights, gamma):
    states, rewards, dones = sample(buffer, [0, 2, 3])
    done_mask = torch.as_tensor(dones, dtype=torch.uint8)
    picked = torch.as_tensor(nodes, dtype=torch.int64)
    weight = torch.as_tensor(class_weights, dtype=torch.float32)
    target = torch.from_numpy(rewards) + gamma * (1 - done_mask.float())
    return done_mask, picked, weight, target


def run():
    torch.manual_seed(0)
    rng = np.random.RandomState(0)
    buffer = [(rng.rand(3), float(i), i % 2 == 0) for i in range(5)]
    done_mask, picked, weight, target = step(buffer, [1, 0, 2], [0.2, 0.8], 0.9)
    total_counts = 0
    for _ in range(3):
        total_counts += 1
    device = torch.device("cuda" if use_cuda else "cpu")
    counts = torch.empty(total_counts, dtype=torch.int64, device=device).zero_()
    ids = torch.tensor([2, 0, 1], dtype=torch.int64, device="cuda" if use_cuda else "cpu")
    logits = torch.randn(3, 2)
    loss = torch.nn.functional.cross_entropy(logits, picked[:3] % 2, weight=weight)
    return {
        "done_mask": done_mask,
        "picked": picked,
        "target": target,
        "counts": counts.cpu(),
        "ids": ids.cpu(),
        "loss": loss,
    }
