"""A siamese network trained with a contrastive loss on float64 "signatures", after the popular 2017
siamese-network notebooks.

The pair dataset returns `torch.from_numpy(...).float()` tensors; the training loop moves every batch
with an unconditional `Variable(x).cuda()` (the notebook assumed a GPU); the loss multiplies the label
of shape (N, 1) by `F.pairwise_distance`, which kept that shape until 0.4 (now it returns (N,), and the
product silently broadcasts to (N, N)); `loss_contrastive.data[0]` is logged.
"""
import random

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import optim
from torch.autograd import Variable
from torch.utils.data import DataLoader, Dataset


class SignaturePairs(Dataset):
    def __init__(self, n_people=4, per_person=5, dim=6, seed=0):
        rng = np.random.RandomState(seed)
        centers = rng.randn(n_people, dim)
        self.samples = [(p, centers[p] + 0.3 * rng.randn(dim))
                        for p in range(n_people) for _ in range(per_person)]
        self.rng = random.Random(seed)

    def __getitem__(self, index):
        p0, x0 = self.samples[index]
        same = self.rng.randint(0, 1)
        while True:
            p1, x1 = self.rng.choice(self.samples)
            if (p0 == p1) == bool(same):
                break
        label = np.array([int(p0 != p1)], dtype=np.float32)
        return torch.from_numpy(x0).float(), torch.from_numpy(x1).float(), torch.from_numpy(label)

    def __len__(self):
        return len(self.samples)


class SiameseNetwork(nn.Module):
    def __init__(self):
        super(SiameseNetwork, self).__init__()
        self.fc = nn.Sequential(nn.Linear(6, 16), nn.ReLU(inplace=True), nn.Linear(16, 3))

    def forward_once(self, x):
        return self.fc(x)

    def forward(self, input1, input2):
        return self.forward_once(input1), self.forward_once(input2)


class ContrastiveLoss(torch.nn.Module):
    """Contrastive loss function (Hadsell, Chopra and LeCun, 2006)."""

    def __init__(self, margin=2.0):
        super(ContrastiveLoss, self).__init__()
        self.margin = margin

    def forward(self, output1, output2, label):
        euclidean_distance = F.pairwise_distance(output1, output2)
        loss_contrastive = torch.mean(
            (1 - label) * torch.pow(euclidean_distance, 2) +
            (label) * torch.pow(torch.clamp(self.margin - euclidean_distance, min=0.0), 2))
        return loss_contrastive


def run():
    torch.manual_seed(9)
    dataloader = DataLoader(SignaturePairs(), shuffle=True, batch_size=5)
    net = SiameseNetwork().cuda()
    criterion = ContrastiveLoss()
    optimizer = optim.Adam(net.parameters(), lr=0.005)
    loss_history = []
    for epoch in range(2):
        for i, data in enumerate(dataloader, 0):
            img0, img1, label = data
            img0, img1, label = Variable(img0).cuda(), Variable(img1).cuda(), Variable(label).cuda()
            output1, output2 = net(img0, img1)
            optimizer.zero_grad()
            loss_contrastive = criterion(output1, output2, label)
            loss_contrastive.backward()
            optimizer.step()
            if i % 2 == 0:
                print("Epoch number {}\n Current loss {}\n".format(epoch, loss_contrastive.data[0]))
                loss_history.append(loss_contrastive.data[0])
    return {"loss_history": loss_history}


if __name__ == '__main__':
    print(run())
