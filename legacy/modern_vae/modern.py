"""A modern VAE step: the shape of vae/before.py, written for PyTorch 2.x.

`reduction="sum"`, `torch.sigmoid`, `torch.randn_like`, the test pass under `torch.no_grad()`, and
float32 data built as such. Nothing to fix.
"""
import numpy as np
import torch
import torch.nn.functional as F
from torch import nn


class VAE(nn.Module):
    def __init__(self, pixels=36, hidden=16, latent=4):
        super().__init__()
        self.fc1 = nn.Linear(pixels, hidden)
        self.fc21 = nn.Linear(hidden, latent)
        self.fc22 = nn.Linear(hidden, latent)
        self.fc3 = nn.Linear(latent, hidden)
        self.fc4 = nn.Linear(hidden, pixels)

    def forward(self, x):
        h = F.relu(self.fc1(x))
        mu, logvar = self.fc21(h), self.fc22(h)
        z = mu + torch.randn_like(mu) * torch.exp(0.5 * logvar) if self.training else mu
        return torch.sigmoid(self.fc4(F.relu(self.fc3(z)))), mu, logvar


def loss_function(recon_x, x, mu, logvar):
    bce = F.binary_cross_entropy(recon_x, x, reduction="sum")
    kld = -0.5 * torch.sum(1 + logvar - mu.pow(2) - logvar.exp())
    return bce + kld


def run():
    torch.manual_seed(1)
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    rng = np.random.RandomState(0)
    data = torch.from_numpy((rng.rand(24, 36) > 0.5).astype(np.float32))
    model = VAE().to(device)
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-2)
    model.train()
    for i in range(0, 24, 8):
        batch = data[i:i + 8].to(device)
        optimizer.zero_grad()
        loss = loss_function(*model(batch)[:1], batch, *model(batch)[1:])
        loss.backward()
        optimizer.step()
    model.eval()
    with torch.no_grad():
        test = data[:8].to(device)
        test_loss = loss_function(*model(test)[:1], test, *model(test)[1:])
    return {"train_loss": loss.item(), "test_loss": test_loss.item()}


if __name__ == "__main__":
    print(run())
