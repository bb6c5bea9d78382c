"""A miniature DCGAN on 8x8 blobs, in the shape of the 2017 pytorch/examples dcgan/main.py.

`--cuda` flag, `weights_init` writing `m.weight.data.normal_(0.0, 0.02)`, preallocated legacy
`torch.FloatTensor(...)` buffers for the input, noise and labels that are `.cuda()`'d and then
refilled with `input.resize_as_(real_cpu).copy_(real_cpu)` and `label.resize_(batch_size).fill_(...)`,
`isinstance(input.data, torch.cuda.FloatTensor)` in `forward`, `D_x = output.data.mean()`, and the
losses printed as `errD.data[0]`.
"""
from __future__ import print_function
import argparse
import random

import torch
import torch.nn as nn
import torch.optim as optim
import torch.utils.data
from torch.autograd import Variable

parser = argparse.ArgumentParser()
parser.add_argument('--batchSize', type=int, default=4)
parser.add_argument('--nz', type=int, default=4)
parser.add_argument('--ngf', type=int, default=4)
parser.add_argument('--ndf', type=int, default=4)
parser.add_argument('--niter', type=int, default=2)
parser.add_argument('--lr', type=float, default=0.0002)
parser.add_argument('--beta1', type=float, default=0.5)
parser.add_argument('--cuda', action='store_true', help='enables cuda')
parser.add_argument('--ngpu', type=int, default=1)
parser.add_argument('--manualSeed', type=int, default=7)


def weights_init(m):
    classname = m.__class__.__name__
    if classname.find('Conv') != -1:
        m.weight.data.normal_(0.0, 0.02)
    elif classname.find('BatchNorm') != -1:
        m.weight.data.normal_(1.0, 0.02)
        m.bias.data.fill_(0)


class _netG(nn.Module):
    def __init__(self, ngpu, nz, ngf):
        super(_netG, self).__init__()
        self.ngpu = ngpu
        self.main = nn.Sequential(
            nn.ConvTranspose2d(nz, ngf * 2, 4, 1, 0, bias=False),
            nn.BatchNorm2d(ngf * 2),
            nn.ReLU(True),
            nn.ConvTranspose2d(ngf * 2, 1, 4, 2, 1, bias=False),
            nn.Tanh()
        )

    def forward(self, input):
        if isinstance(input.data, torch.cuda.FloatTensor) and self.ngpu > 1:
            output = nn.parallel.data_parallel(self.main, input, range(self.ngpu))
        else:
            output = self.main(input)
        return output


class _netD(nn.Module):
    def __init__(self, ngpu, ndf):
        super(_netD, self).__init__()
        self.ngpu = ngpu
        self.main = nn.Sequential(
            nn.Conv2d(1, ndf, 4, 2, 1, bias=False),
            nn.LeakyReLU(0.2, inplace=True),
            nn.Conv2d(ndf, 1, 4, 1, 0, bias=False),
            nn.Sigmoid()
        )

    def forward(self, input):
        if isinstance(input.data, torch.cuda.FloatTensor) and self.ngpu > 1:
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
    random.seed(opt.manualSeed)
    torch.manual_seed(opt.manualSeed)
    if opt.cuda:
        torch.cuda.manual_seed_all(opt.manualSeed)
    dataset = torch.utils.data.TensorDataset(blobs(8), torch.zeros(8))
    dataloader = torch.utils.data.DataLoader(dataset, batch_size=opt.batchSize, shuffle=True)
    nz = opt.nz

    netG = _netG(opt.ngpu, nz, opt.ngf)
    netG.apply(weights_init)
    netD = _netD(opt.ngpu, opt.ndf)
    netD.apply(weights_init)
    criterion = nn.BCELoss()

    input = torch.FloatTensor(opt.batchSize, 1, 8, 8)
    noise = torch.FloatTensor(opt.batchSize, nz, 1, 1)
    fixed_noise = torch.FloatTensor(opt.batchSize, nz, 1, 1).normal_(0, 1)
    label = torch.FloatTensor(opt.batchSize)
    real_label = 1
    fake_label = 0

    if opt.cuda:
        netD.cuda()
        netG.cuda()
        criterion.cuda()
        input, label = input.cuda(), label.cuda()
        noise, fixed_noise = noise.cuda(), fixed_noise.cuda()
    fixed_noise = Variable(fixed_noise)

    optimizerD = optim.Adam(netD.parameters(), lr=opt.lr, betas=(opt.beta1, 0.999))
    optimizerG = optim.Adam(netG.parameters(), lr=opt.lr, betas=(opt.beta1, 0.999))
    history = []
    for epoch in range(opt.niter):
        for i, data in enumerate(dataloader, 0):
            netD.zero_grad()
            real_cpu, _ = data
            batch_size = real_cpu.size(0)
            if opt.cuda:
                real_cpu = real_cpu.cuda()
            input.resize_as_(real_cpu).copy_(real_cpu)
            label.resize_(batch_size).fill_(real_label)
            inputv = Variable(input)
            labelv = Variable(label)
            output = netD(inputv)
            errD_real = criterion(output, labelv)
            errD_real.backward()
            D_x = output.data.mean()

            noise.resize_(batch_size, nz, 1, 1).normal_(0, 1)
            noisev = Variable(noise)
            fake = netG(noisev)
            labelv = Variable(label.fill_(fake_label))
            output = netD(fake.detach())
            errD_fake = criterion(output, labelv)
            errD_fake.backward()
            D_G_z1 = output.data.mean()
            errD = errD_real + errD_fake
            optimizerD.step()

            netG.zero_grad()
            labelv = Variable(label.fill_(real_label))
            output = netD(fake)
            errG = criterion(output, labelv)
            errG.backward()
            D_G_z2 = output.data.mean()
            optimizerG.step()
            print('[%d/%d][%d/%d] Loss_D: %.4f Loss_G: %.4f D(x): %.4f D(G(z)): %.4f / %.4f'
                  % (epoch, opt.niter, i, len(dataloader), errD.data[0], errG.data[0], D_x, D_G_z1, D_G_z2))
            history.append([errD.data[0], errG.data[0], D_x, D_G_z1, D_G_z2])
    fake = netG(fixed_noise)
    return {"history": history, "fixed_fake_mean": fake.data.mean(), "fixed_fake_std": fake.data.std()}


def run():
    return main(['--cuda'] if torch.cuda.is_available() else [])


if __name__ == '__main__':
    print(run())
