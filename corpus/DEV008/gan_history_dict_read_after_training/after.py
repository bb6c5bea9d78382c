"""A GAN trainer that keeps its losses in a history dict (`self.train_hist["D_loss"].append(
d_loss.item())`), started before the epoch loop and read only after training, to plot or save.

Each `.item()` waits for the GPU every step. Nothing in the loop reads those lists, so the fix appends
the detached tensors and copies each list once after the epoch loop, the same floats in order.
"""

import torch
import torch.nn as nn

EPOCHS = 2
BATCHES = 3


class Trainer:
    def __init__(self, device):
        generator = torch.Generator().manual_seed(17)
        self.real = torch.randn(BATCHES, 8, 2, generator=generator).to(device) + 1.0
        self.noise = torch.randn(BATCHES, 8, 3, generator=generator).to(device)
        torch.manual_seed(5)
        self.net_g = nn.Sequential(nn.Linear(3, 8), nn.ReLU(), nn.Linear(8, 2)).to(device)
        self.net_d = nn.Sequential(nn.Linear(2, 8), nn.ReLU(), nn.Linear(8, 1)).to(device)
        self.opt_d = torch.optim.SGD(self.net_d.parameters(), lr=0.05)
        self.opt_g = torch.optim.SGD(self.net_g.parameters(), lr=0.05)
        self.criterion = nn.BCEWithLogitsLoss()
        self.ones = torch.ones(8, 1, device=device)
        self.zeros = torch.zeros(8, 1, device=device)

    def train(self):
        self.train_hist = {}
        self.train_hist["D_loss"] = []
        self.train_hist["G_loss"] = []
        self.train_hist["epochs"] = []
        for epoch in range(EPOCHS):
            for step in range(BATCHES):
                self.opt_d.zero_grad()
                fake = self.net_g(self.noise[step])
                d_real = self.criterion(self.net_d(self.real[step]), self.ones)
                d_loss = d_real + self.criterion(self.net_d(fake.detach()), self.zeros)
                self.train_hist["D_loss"].append(d_loss.detach())
                d_loss.backward()
                self.opt_d.step()
                self.opt_g.zero_grad()
                g_loss = self.criterion(self.net_d(fake), self.ones)
                self.train_hist["G_loss"].append(g_loss.detach())
                g_loss.backward()
                self.opt_g.step()
            self.train_hist["epochs"].append(epoch)
        self.train_hist["D_loss"] = torch.stack(self.train_hist["D_loss"]).tolist() if self.train_hist["D_loss"] else []
        self.train_hist["G_loss"] = torch.stack(self.train_hist["G_loss"]).tolist() if self.train_hist["G_loss"] else []
        return self.summary()

    def summary(self):
        return {key: torch.tensor(values) for key, values in self.train_hist.items()}


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    return Trainer(device).train()
