"""A variational autoencoder in the style of the 2017 pytorch/examples VAE, on 36-pixel binary images.

The images are a float64 NumPy array turned into a `torch.Tensor(...)`; the reconstruction loss is an
`nn.BCELoss()` switched to a sum with `reconstruction_function.size_average = False`; `F.sigmoid`
decodes; the noise is `Variable(std.data.new(std.size()).normal_())`; `train_loss += loss.data[0]`;
the test loop uses `volatile=True`.
"""
from __future__ import print_function
import argparse

import numpy as np
import torch
import torch.utils.data
from torch import nn, optim
from torch.autograd import Variable
from torch.nn import functional as F

parser = argparse.ArgumentParser(description='VAE example')
parser.add_argument('--batch-size', type=int, default=8, metavar='N')
parser.add_argument('--epochs', type=int, default=2, metavar='N')
parser.add_argument('--no-cuda', action='store_true', default=False)
parser.add_argument('--seed', type=int, default=1, metavar='S')
args = parser.parse_args()
args.cuda = not args.no_cuda and torch.cuda.is_available()

PIXELS = 36


def binary_images(n, seed):
    rng = np.random.RandomState(seed)
    base = rng.rand(4, PIXELS) > 0.5
    picks = base[rng.randint(0, 4, size=n)]
    flips = rng.rand(n, PIXELS) < 0.05
    return np.logical_xor(picks, flips).astype(np.float64)


class VAE(nn.Module):
    def __init__(self):
        super(VAE, self).__init__()
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
            std = logvar.mul(0.5).exp_()
            eps = Variable(std.data.new(std.size()).normal_())
            return eps.mul(std).add_(mu)
        else:
            return mu

    def decode(self, z):
        h3 = self.relu(self.fc3(z))
        return F.sigmoid(self.fc4(h3))

    def forward(self, x):
        mu, logvar = self.encode(x.view(-1, PIXELS))
        z = self.reparameterize(mu, logvar)
        return self.decode(z), mu, logvar


reconstruction_function = nn.BCELoss()
reconstruction_function.size_average = False


def loss_function(recon_x, x, mu, logvar):
    BCE = reconstruction_function(recon_x, x.view(-1, PIXELS))
    KLD = -0.5 * torch.sum(1 + logvar - mu.pow(2) - logvar.exp())
    return BCE + KLD


def train(model, optimizer, train_loader, epoch):
    model.train()
    train_loss = 0
    for batch_idx, (data, _) in enumerate(train_loader):
        data = Variable(data)
        if args.cuda:
            data = data.cuda()
        optimizer.zero_grad()
        recon_batch, mu, logvar = model(data)
        loss = loss_function(recon_batch, data, mu, logvar)
        loss.backward()
        train_loss += loss.data[0]
        optimizer.step()
    print('====> Epoch: {} Average loss: {:.4f}'.format(epoch, train_loss / len(train_loader.dataset)))
    return train_loss / len(train_loader.dataset)


def test(model, test_loader):
    model.eval()
    test_loss = 0
    for data, _ in test_loader:
        if args.cuda:
            data = data.cuda()
        data = Variable(data, volatile=True)
        recon_batch, mu, logvar = model(data)
        test_loss += loss_function(recon_batch, data, mu, logvar).data[0]
    test_loss /= len(test_loader.dataset)
    print('====> Test set loss: {:.4f}'.format(test_loss))
    return test_loss


def run():
    torch.manual_seed(args.seed)
    train_set = torch.utils.data.TensorDataset(torch.Tensor(binary_images(32, 0)), torch.zeros(32))
    test_set = torch.utils.data.TensorDataset(torch.Tensor(binary_images(16, 1)), torch.zeros(16))
    train_loader = torch.utils.data.DataLoader(train_set, batch_size=args.batch_size, shuffle=True)
    test_loader = torch.utils.data.DataLoader(test_set, batch_size=args.batch_size, shuffle=False)
    model = VAE()
    if args.cuda:
        model.cuda()
    optimizer = optim.Adam(model.parameters(), lr=1e-2)
    train_losses = [train(model, optimizer, train_loader, epoch) for epoch in range(1, args.epochs + 1)]
    return {"train": train_losses, "test": test(model, test_loader)}


if __name__ == '__main__':
    print(run())
