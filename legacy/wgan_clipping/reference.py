"""The weight-clipped WGAN of before.py for PyTorch 2.x.

The critic's two terms are combined into one loss (`errD_real - errD_fake`) with one `backward()`,
which is what `backward(one)` and `backward(mone)` added up to; clipping runs under `torch.no_grad()`;
the generator is frozen for the critic step with `torch.no_grad()`; numbers are read with `.item()`;
real points are drawn on the CPU as before and moved to `device`; noise is drawn on `device`, where the
original drew it (`noise.cuda()`, then `normal_` in place).
"""
import argparse

import torch
import torch.nn as nn
import torch.optim as optim

parser = argparse.ArgumentParser()
parser.add_argument("--batchSize", type=int, default=8)
parser.add_argument("--nz", type=int, default=2)
parser.add_argument("--lrD", type=float, default=0.00005)
parser.add_argument("--lrG", type=float, default=0.00005)
parser.add_argument("--Diters", type=int, default=2)
parser.add_argument("--niter", type=int, default=3)
parser.add_argument("--clamp_lower", type=float, default=-0.01)
parser.add_argument("--clamp_upper", type=float, default=0.01)
parser.add_argument("--cuda", action="store_true")


def ring(n, g):
    angle = torch.rand(n, generator=g) * 6.2832
    return torch.stack([torch.cos(angle), torch.sin(angle)], 1) * 2


def main(argv):
    opt = parser.parse_args(argv)
    device = torch.device("cuda" if opt.cuda else "cpu")
    torch.manual_seed(3)
    g = torch.Generator()
    g.manual_seed(3)
    netG = nn.Sequential(nn.Linear(opt.nz, 16), nn.ReLU(True), nn.Linear(16, 2)).to(device)
    netD = nn.Sequential(nn.Linear(2, 16), nn.ReLU(True), nn.Linear(16, 1)).to(device)

    optimizerD = optim.RMSprop(netD.parameters(), lr=opt.lrD)
    optimizerG = optim.RMSprop(netG.parameters(), lr=opt.lrG)
    log = []
    for gen_iterations in range(opt.niter):
        netD.requires_grad_(True)
        for j in range(opt.Diters):
            with torch.no_grad():
                for p in netD.parameters():
                    p.clamp_(opt.clamp_lower, opt.clamp_upper)
            real = ring(opt.batchSize, g).to(device)
            netD.zero_grad()
            errD_real = netD(real).mean()
            noise = torch.empty(opt.batchSize, opt.nz, device=device).normal_(0, 1)
            with torch.no_grad():  # totally freeze netG
                fake = netG(noise)
            errD_fake = netD(fake).mean()
            errD = errD_real - errD_fake
            errD.backward()
            optimizerD.step()

        netD.requires_grad_(False)  # to avoid computation
        netG.zero_grad()
        noise = torch.empty(opt.batchSize, opt.nz, device=device).normal_(0, 1)
        fake = netG(noise)
        errG = netD(fake).mean()
        errG.backward()
        optimizerG.step()
        row = [errD.item(), errG.item(), errD_real.item(), errD_fake.item()]
        print(f"[{gen_iterations}/{opt.niter}] Loss_D: {row[0]:f} Loss_G: {row[1]:f} Loss_D_real: {row[2]:f}"
              f" Loss_D_fake {row[3]:f}")
        log.append(row)
    return {"log": log, "critic_weight": netD[0].weight.detach()}


def run():
    return main(["--cuda"] if torch.cuda.is_available() else [])


if __name__ == "__main__":
    print(run())
