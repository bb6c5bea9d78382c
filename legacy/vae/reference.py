"""The VAE of before.py for PyTorch 2.x.

The summed reconstruction loss is `nn.BCELoss(reduction="sum")` (the old `size_average = False`
attribute is ignored today), the noise is `torch.randn_like(std)`, `torch.sigmoid` decodes, the test
loop runs under `torch.no_grad()`, and losses are read with `.item()`.
"""
import argparse

import numpy as np
import torch
import torch.utils.data
from torch import nn, optim

parser = argparse.ArgumentParser(description="VAE example")
parser.add_argument("--batch-size", type=int, default=8, metavar="N")
parser.add_argument("--epochs", type=int, default=2, metavar="N")
parser.add_argument("--no-cuda", action="store_true", default=False)
parser.add_argument("--seed", type=int, default=1, metavar="S")
args = parser.parse_args()
device = torch.device("cuda" if not args.no_cuda and torch.cuda.is_available() else "cpu")

PIXELS = 36


def binary_images(n, seed):
    rng = np.random.RandomState(seed)
    base = rng.rand(4, PIXELS) > 0.5
    picks = base[rng.randint(0, 4, size=n)]
    flips = rng.rand(n, PIXELS) < 0.05
    return np.logical_xor(picks, flips).astype(np.float64)


class VAE(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(PIXELS, 16)
        self.fc21 = nn.Linear(16, 4)
        self.fc22 = nn.Linear(16, 4)
        self.fc3 = nn.Linear(4, 16)
        self.fc4 = nn.Linear(16, PIXELS)
        self.relu = nn.ReLU()

    def encode(self, x):
        h1 = self.relu(self.fc1(x))
        return self.fc21(h1), self.fc22(h1)

    def reparameterize(self, mu, logvar):
        if self.training:
            std = torch.exp(0.5 * logvar)
            eps = torch.randn_like(std)
            return eps.mul(std).add_(mu)
        return mu

    def decode(self, z):
        h3 = self.relu(self.fc3(z))
        return torch.sigmoid(self.fc4(h3))

    def forward(self, x):
        mu, logvar = self.encode(x.view(-1, PIXELS))
        z = self.reparameterize(mu, logvar)
        return self.decode(z), mu, logvar


reconstruction_function = nn.BCELoss(reduction="sum")


def loss_function(recon_x, x, mu, logvar):
    BCE = reconstruction_function(recon_x, x.view(-1, PIXELS))
    KLD = -0.5 * torch.sum(1 + logvar - mu.pow(2) - logvar.exp())
    return BCE + KLD


def train(model, optimizer, train_loader, epoch):
    model.train()
    train_loss = 0.0
    for data, _ in train_loader:
        data = data.to(device)
        optimizer.zero_grad()
        recon_batch, mu, logvar = model(data)
        loss = loss_function(recon_batch, data, mu, logvar)
        loss.backward()
        train_loss += loss.item()
        optimizer.step()
    print(f"====> Epoch: {epoch} Average loss: {train_loss / len(train_loader.dataset):.4f}")
    return train_loss / len(train_loader.dataset)


def test(model, test_loader):
    model.eval()
    test_loss = 0.0
    with torch.no_grad():
        for data, _ in test_loader:
            data = data.to(device)
            recon_batch, mu, logvar = model(data)
            test_loss += loss_function(recon_batch, data, mu, logvar).item()
    test_loss /= len(test_loader.dataset)
    print(f"====> Test set loss: {test_loss:.4f}")
    return test_loss


def run():
    torch.manual_seed(args.seed)
    train_set = torch.utils.data.TensorDataset(torch.tensor(binary_images(32, 0), dtype=torch.float32),
                                               torch.zeros(32))
    test_set = torch.utils.data.TensorDataset(torch.tensor(binary_images(16, 1), dtype=torch.float32),
                                              torch.zeros(16))
    train_loader = torch.utils.data.DataLoader(train_set, batch_size=args.batch_size, shuffle=True)
    test_loader = torch.utils.data.DataLoader(test_set, batch_size=args.batch_size, shuffle=False)
    model = VAE().to(device)
    optimizer = optim.Adam(model.parameters(), lr=1e-2)
    train_losses = [train(model, optimizer, train_loader, epoch) for epoch in range(1, args.epochs + 1)]
    return {"train": train_losses, "test": test(model, test_loader)}


if __name__ == "__main__":
    print(run())
