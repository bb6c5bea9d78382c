"""The siamese network of before.py for PyTorch 2.x, on whatever device there is.

`F.pairwise_distance(..., keepdim=True)` keeps the (N, 1) shape the loss was written for; batches
move with `.to(device)`; the loss is read with `.item()`.
"""
import random

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import optim
from torch.utils.data import DataLoader, Dataset

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")


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
        super().__init__()
        self.fc = nn.Sequential(nn.Linear(6, 16), nn.ReLU(inplace=True), nn.Linear(16, 3))

    def forward_once(self, x):
        return self.fc(x)

    def forward(self, input1, input2):
        return self.forward_once(input1), self.forward_once(input2)


class ContrastiveLoss(torch.nn.Module):
    """Contrastive loss function (Hadsell, Chopra and LeCun, 2006)."""

    def __init__(self, margin=2.0):
        super().__init__()
        self.margin = margin

    def forward(self, output1, output2, label):
        euclidean_distance = F.pairwise_distance(output1, output2, keepdim=True)
        return torch.mean((1 - label) * torch.pow(euclidean_distance, 2) +
                          label * torch.pow(torch.clamp(self.margin - euclidean_distance, min=0.0), 2))


def run():
    torch.manual_seed(9)
    dataloader = DataLoader(SignaturePairs(), shuffle=True, batch_size=5)
    net = SiameseNetwork().to(device)
    criterion = ContrastiveLoss()
    optimizer = optim.Adam(net.parameters(), lr=0.005)
    loss_history = []
    for epoch in range(2):
        for i, (img0, img1, label) in enumerate(dataloader, 0):
            img0, img1, label = img0.to(device), img1.to(device), label.to(device)
            output1, output2 = net(img0, img1)
            optimizer.zero_grad()
            loss_contrastive = criterion(output1, output2, label)
            loss_contrastive.backward()
            optimizer.step()
            if i % 2 == 0:
                print(f"Epoch number {epoch}\n Current loss {loss_contrastive.item()}\n")
                loss_history.append(loss_contrastive.item())
    return {"loss_history": loss_history}


if __name__ == "__main__":
    print(run())
