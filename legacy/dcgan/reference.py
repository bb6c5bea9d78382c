"""The miniature DCGAN of before.py for PyTorch 2.x.

One `device` from `--cuda`; weights initialised with `nn.init.normal_`/`zeros_`; the label tensor is
made per batch with `torch.full(..., device=device)`; the data-parallel branch tests `input.is_cuda`;
the losses and means are read with `.item()`.
"""
import argparse
import random

import torch
import torch.nn as nn
import torch.optim as optim
import torch.utils.data

parser = argparse.ArgumentParser()
parser.add_argument("--batchSize", type=int, default=4)
parser.add_argument("--nz", type=int, default=4)
parser.add_argument("--ngf", type=int, default=4)
parser.add_argument("--ndf", type=int, default=4)
parser.add_argument("--niter", type=int, default=2)
parser.add_argument("--lr", type=float, default=0.0002)
parser.add_argument("--beta1", type=float, default=0.5)
parser.add_argument("--cuda", action="store_true", help="enables cuda")
parser.add_argument("--ngpu", type=int, default=1)
parser.add_argument("--manualSeed", type=int, default=7)


def weights_init(m):
    classname = m.__class__.__name__
    if classname.find("Conv") != -1:
        nn.init.normal_(m.weight, 0.0, 0.02)
    elif classname.find("BatchNorm") != -1:
        nn.init.normal_(m.weight, 1.0, 0.02)
        nn.init.zeros_(m.bias)


class Generator(nn.Module):
    def __init__(self, ngpu, nz, ngf):
        super().__init__()
        self.ngpu = ngpu
        self.main = nn.Sequential(
            nn.ConvTranspose2d(nz, ngf * 2, 4, 1, 0, bias=False),
            nn.BatchNorm2d(ngf * 2),
            nn.ReLU(True),
            nn.ConvTranspose2d(ngf * 2, 1, 4, 2, 1, bias=False),
            nn.Tanh(),
        )

    def forward(self, input):
        if input.is_cuda and self.ngpu > 1:
            return nn.parallel.data_parallel(self.main, input, range(self.ngpu))
        return self.main(input)


class Discriminator(nn.Module):
    def __init__(self, ngpu, ndf):
        super().__init__()
        self.ngpu = ngpu
        self.main = nn.Sequential(
            nn.Conv2d(1, ndf, 4, 2, 1, bias=False),
            nn.LeakyReLU(0.2, inplace=True),
            nn.Conv2d(ndf, 1, 4, 1, 0, bias=False),
            nn.Sigmoid(),
        )

    def forward(self, input):
        if input.is_cuda and self.ngpu > 1:
            output = nn.parallel.data_parallel(self.main, input, range(self.ngpu))
        else:
            output = self.main(input)
        return output.view(-1, 1).squeeze(1)


def blobs(n):
    g = torch.Generator()
    g.manual_seed(11)
    centers = torch.rand(n, 2, generator=g) * 4 + 2
    grid = torch.arange(8).float()
    d2 = ((grid.view(1, 8, 1) - centers[:, 0].view(n, 1, 1)) ** 2
          + (grid.view(1, 1, 8) - centers[:, 1].view(n, 1, 1)) ** 2)
    return torch.exp(-d2 / 4).unsqueeze(1) * 2 - 1


def main(argv):
    opt = parser.parse_args(argv)
    device = torch.device("cuda" if opt.cuda else "cpu")
    random.seed(opt.manualSeed)
    torch.manual_seed(opt.manualSeed)
    dataset = torch.utils.data.TensorDataset(blobs(8), torch.zeros(8))
    dataloader = torch.utils.data.DataLoader(dataset, batch_size=opt.batchSize, shuffle=True)
    nz = opt.nz

    # initialised where the original initialised them (on the CPU), then moved
    netG = Generator(opt.ngpu, nz, opt.ngf)
    netG.apply(weights_init)
    netD = Discriminator(opt.ngpu, opt.ndf)
    netD.apply(weights_init)
    netG, netD = netG.to(device), netD.to(device)
    criterion = nn.BCELoss()

    fixed_noise = torch.randn(opt.batchSize, nz, 1, 1).to(device)
    real_label = 1.0
    fake_label = 0.0

    optimizerD = optim.Adam(netD.parameters(), lr=opt.lr, betas=(opt.beta1, 0.999))
    optimizerG = optim.Adam(netG.parameters(), lr=opt.lr, betas=(opt.beta1, 0.999))
    history = []
    for epoch in range(opt.niter):
        for i, (real_cpu, _) in enumerate(dataloader, 0):
            netD.zero_grad()
            real = real_cpu.to(device)
            batch_size = real.size(0)
            label = torch.full((batch_size,), real_label, device=device)
            output = netD(real)
            errD_real = criterion(output, label)
            errD_real.backward()
            D_x = output.mean().item()

            # drawn where the original's refilled `noise` buffer lives: on the device with `--cuda`
            noise = torch.randn(batch_size, nz, 1, 1, device=device)
            fake = netG(noise)
            label.fill_(fake_label)
            output = netD(fake.detach())
            errD_fake = criterion(output, label)
            errD_fake.backward()
            D_G_z1 = output.mean().item()
            errD = errD_real + errD_fake
            optimizerD.step()

            netG.zero_grad()
            label.fill_(real_label)
            output = netD(fake)
            errG = criterion(output, label)
            errG.backward()
            D_G_z2 = output.mean().item()
            optimizerG.step()
            print(f"[{epoch}/{opt.niter}][{i}/{len(dataloader)}] Loss_D: {errD.item():.4f}"
                  f" Loss_G: {errG.item():.4f} D(x): {D_x:.4f} D(G(z)): {D_G_z1:.4f} / {D_G_z2:.4f}")
            history.append([errD.item(), errG.item(), D_x, D_G_z1, D_G_z2])
    with torch.no_grad():
        fake = netG(fixed_noise)
    return {"history": history, "fixed_fake_mean": fake.mean().item(), "fixed_fake_std": fake.std().item()}


def run():
    return main(["--cuda"] if torch.cuda.is_available() else [])


if __name__ == "__main__":
    print(run())
