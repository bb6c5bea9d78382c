"""A two-layer perceptron on Gaussian blobs, the way a 2017 tutorial wrote it.

The blobs are float64 NumPy arrays made by a helper and converted with `torch.from_numpy(...).float()`;
every batch goes through a `to_var` helper that moves it with `.cuda()` when `use_cuda` and wraps it
in a `Variable`; the epoch loss is summed with `total += loss.data[0]` from `total = 0`; the final
evaluation uses `volatile=True` and `F.softmax` without a `dim`.
"""
from __future__ import print_function

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
from torch.autograd import Variable

use_cuda = torch.cuda.is_available()


def make_blobs(n_per_class=16, n_classes=3, dim=4, seed=0):
    rng = np.random.RandomState(seed)
    centers = rng.randn(n_classes, dim) * 3.0
    xs, ys = [], []
    for c in range(n_classes):
        xs.append(centers[c] + rng.randn(n_per_class, dim))
        ys.append(np.full(n_per_class, c))
    x, y = np.concatenate(xs), np.concatenate(ys)
    order = rng.permutation(len(x))
    return x[order], y[order]


def to_var(x, volatile=False):
    if use_cuda:
        x = x.cuda()
    return Variable(x, volatile=volatile)


class MLP(nn.Module):
    def __init__(self, n_in, n_hidden, n_out):
        super(MLP, self).__init__()
        self.fc1 = nn.Linear(n_in, n_hidden)
        self.fc2 = nn.Linear(n_hidden, n_out)
        nn.init.xavier_uniform(self.fc1.weight)
        nn.init.xavier_uniform(self.fc2.weight)

    def forward(self, x):
        x = F.relu(self.fc1(x))
        return self.fc2(x)


def run():
    torch.manual_seed(1)
    x_np, y_np = make_blobs()
    x = torch.from_numpy(x_np).float()
    y = torch.from_numpy(y_np).long()

    model = MLP(4, 16, 3)
    if use_cuda:
        model.cuda()
    optimizer = optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    criterion = nn.CrossEntropyLoss()

    losses = []
    for epoch in range(3):
        total = 0
        for i in range(0, len(x), 16):
            inputs, targets = to_var(x[i:i + 16]), to_var(y[i:i + 16])
            optimizer.zero_grad()
            loss = criterion(model(inputs), targets)
            loss.backward()
            optimizer.step()
            total += loss.data[0]
        losses.append(total / 3)
        print('epoch %d loss %.4f' % (epoch, total / 3))

    probs = F.softmax(model(to_var(x, volatile=True)))
    confidence = probs.data.max(1)[0].mean()
    pred = probs.data.max(1)[1]
    correct = pred.eq(to_var(y).data).sum()
    return {"losses": losses, "confidence": confidence, "accuracy": correct / float(len(y))}


if __name__ == '__main__':
    print(run())
