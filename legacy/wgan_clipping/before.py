"""A Wasserstein GAN with weight clipping on 2-D points, in the style of the 2017 WassersteinGAN repo.

`one = torch.FloatTensor([1]); mone = one * -1`, moved with `.cuda()` under `opt.cuda`, and passed to
`errD_real.backward(one)` (a one-element gradient for what is now a 0-dim loss); critic weights are
clipped with `p.data.clamp_(opt.clamp_lower, opt.clamp_upper)`; `requires_grad` is toggled on the
critic's parameters; noise is `Variable(noise.resize_(...).normal_(0, 1), volatile=True)` and then
`Variable(netG(noisev).data)`; `errD.data[0]` is logged.
"""
import argparse

import torch
import torch.nn as nn
import torch.optim as optim
from torch.autograd import Variable

parser = argparse.ArgumentParser()
parser.add_argument('--batchSize', type=int, default=8)
parser.add_argument('--nz', type=int, default=2)
parser.add_argument('--lrD', type=float, default=0.00005)
parser.add_argument('--lrG', type=float, default=0.00005)
parser.add_argument('--Diters', type=int, default=2)
parser.add_argument('--niter', type=int, default=3)
parser.add_argument('--clamp_lower', type=float, default=-0.01)
parser.add_argument('--clamp_upper', type=float, default=0.01)
parser.add_argument('--cuda', action='store_true')


def ring(n, g):
    angle = torch.rand(n, generator=g) * 6.2832
    return torch.stack([torch.cos(angle), torch.sin(angle)], 1) * 2


def main(argv):
    opt = parser.parse_args(argv)
    torch.manual_seed(3)
    g = torch.Generator()
    g.manual_seed(3)
    netG = nn.Sequential(nn.Linear(opt.nz, 16), nn.ReLU(True), nn.Linear(16, 2))
    netD = nn.Sequential(nn.Linear(2, 16), nn.ReLU(True), nn.Linear(16, 1))

    input = torch.FloatTensor(opt.batchSize, 2)
    noise = torch.FloatTensor(opt.batchSize, opt.nz)
    one = torch.FloatTensor([1])
    mone = one * -1
    if opt.cuda:
        netD.cuda()
        netG.cuda()
        input = input.cuda()
        one, mone = one.cuda(), mone.cuda()
        noise = noise.cuda()

    optimizerD = optim.RMSprop(netD.parameters(), lr=opt.lrD)
    optimizerG = optim.RMSprop(netG.parameters(), lr=opt.lrG)
    log = []
    for gen_iterations in range(opt.niter):
        for p in netD.parameters():
            p.requires_grad = True
        for j in range(opt.Diters):
            for p in netD.parameters():
                p.data.clamp_(opt.clamp_lower, opt.clamp_upper)
            real_cpu = ring(opt.batchSize, g)
            netD.zero_grad()
            if opt.cuda:
                real_cpu = real_cpu.cuda()
            input.resize_as_(real_cpu).copy_(real_cpu)
            inputv = Variable(input)
            errD_real = netD(inputv).mean()
            errD_real.backward(one)

            noise.resize_(opt.batchSize, opt.nz).normal_(0, 1)
            noisev = Variable(noise, volatile=True)  # totally freeze netG
            fake = Variable(netG(noisev).data)
            inputv = fake
            errD_fake = netD(inputv).mean()
            errD_fake.backward(mone)
            errD = errD_real - errD_fake
            optimizerD.step()

        for p in netD.parameters():
            p.requires_grad = False  # to avoid computation
        netG.zero_grad()
        noise.resize_(opt.batchSize, opt.nz).normal_(0, 1)
        noisev = Variable(noise)
        fake = netG(noisev)
        errG = netD(fake).mean()
        errG.backward(one)
        optimizerG.step()
        print('[%d/%d] Loss_D: %f Loss_G: %f Loss_D_real: %f Loss_D_fake %f'
              % (gen_iterations, opt.niter, errD.data[0], errG.data[0], errD_real.data[0], errD_fake.data[0]))
        log.append([errD.data[0], errG.data[0], errD_real.data[0], errD_fake.data[0]])
    return {"log": log, "critic_weight": netD[0].weight.data}


def run():
    return main(['--cuda'] if torch.cuda.is_available() else [])


if __name__ == '__main__':
    print(run())
