"""A small GAN trainer in the 2018 style: the generator, the discriminator, their two Adam optimizers
and a running average of the generator's weights are all set up in `__init__`, and only then are the
networks put on the GPU when there is one.

The optimizers survive that order (their state is created at the first step), the running average
does not: it copied the weights while they were still on the CPU.
"""

import torch
from torch import nn, optim


class WeightAverage:
    """A running average of some parameters, kept in copies made when it is built."""

    def __init__(self, parameters, beta=0.9):
        self.beta = beta
        self.live = list(parameters)
        self.average = [p.detach().clone() for p in self.live]

    @torch.no_grad()
    def step(self):
        for avg, live in zip(self.average, self.live):
            avg.lerp_(live, 1 - self.beta)


class TinyGAN:
    def __init__(self, gpu_mode, z_dim=4):
        self.gpu_mode = gpu_mode
        self.z_dim = z_dim
        self.G = nn.Sequential(nn.Linear(z_dim, 16), nn.ReLU(), nn.Linear(16, 2))
        self.D = nn.Sequential(nn.Linear(2, 16), nn.LeakyReLU(0.2), nn.Linear(16, 1))

        if self.gpu_mode:
            self.G.cuda()
            self.D.cuda()
        self.G_optimizer = optim.Adam(self.G.parameters(), lr=1e-3, betas=(0.5, 0.999))
        self.D_optimizer = optim.Adam(self.D.parameters(), lr=1e-3, betas=(0.5, 0.999))
        self.G_average = WeightAverage(self.G.parameters())
        self.loss = nn.BCEWithLogitsLoss()

    def device(self):
        return next(self.G.parameters()).device

    def train_step(self, real):
        ones = torch.ones(real.size(0), 1, device=self.device())
        zeros = torch.zeros(real.size(0), 1, device=self.device())
        z = torch.randn(real.size(0), self.z_dim, generator=torch.Generator().manual_seed(1)).to(self.device())

        self.D_optimizer.zero_grad()
        d_loss = self.loss(self.D(real), ones) + self.loss(self.D(self.G(z).detach()), zeros)
        d_loss.backward()
        self.D_optimizer.step()

        self.G_optimizer.zero_grad()
        g_loss = self.loss(self.D(self.G(z)), ones)
        g_loss.backward()
        self.G_optimizer.step()
        self.G_average.step()
        return d_loss.detach(), g_loss.detach()


def run():
    torch.manual_seed(0)
    gan = TinyGAN(gpu_mode=torch.cuda.is_available())
    real = (torch.randn(32, 2, generator=torch.Generator().manual_seed(2)) * 0.5 + 1.0).to(gan.device())
    for _ in range(3):
        d_loss, g_loss = gan.train_step(real)
    return {"d_loss": d_loss, "g_loss": g_loss, "g_average": gan.G_average.average[0]}
