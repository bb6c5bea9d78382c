"""A modern DCGAN step: the shape of dcgan/before.py, written for PyTorch 2.x.

Labels made with `torch.full(..., device=device)`, noise with `torch.randn(..., device=device)`,
`nn.init.normal_` in `weights_init`, and `.item()` only after the step. Nothing to fix.
"""
import torch
import torch.nn as nn


def weights_init(m):
    if isinstance(m, (nn.Conv2d, nn.ConvTranspose2d)):
        nn.init.normal_(m.weight, 0.0, 0.02)
    elif isinstance(m, nn.BatchNorm2d):
        nn.init.normal_(m.weight, 1.0, 0.02)
        nn.init.zeros_(m.bias)


def run():
    torch.manual_seed(7)
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    netG = nn.Sequential(nn.ConvTranspose2d(4, 8, 4, 1, 0, bias=False), nn.BatchNorm2d(8), nn.ReLU(True),
                         nn.ConvTranspose2d(8, 1, 4, 2, 1, bias=False), nn.Tanh()).to(device)
    netD = nn.Sequential(nn.Conv2d(1, 4, 4, 2, 1, bias=False), nn.LeakyReLU(0.2, inplace=True),
                         nn.Conv2d(4, 1, 4, 1, 0, bias=False), nn.Sigmoid()).to(device)
    netG.apply(weights_init)
    netD.apply(weights_init)
    criterion = nn.BCELoss()
    optimizerD = torch.optim.Adam(netD.parameters(), lr=2e-4, betas=(0.5, 0.999))
    optimizerG = torch.optim.Adam(netG.parameters(), lr=2e-4, betas=(0.5, 0.999))
    real = torch.rand(4, 1, 8, 8, device=device) * 2 - 1

    netD.zero_grad()
    label = torch.full((4,), 1.0, device=device)
    errD_real = criterion(netD(real).view(-1), label)
    errD_real.backward()
    fake = netG(torch.randn(4, 4, 1, 1, device=device))
    label.fill_(0.0)
    errD_fake = criterion(netD(fake.detach()).view(-1), label)
    errD_fake.backward()
    optimizerD.step()

    netG.zero_grad()
    label.fill_(1.0)
    errG = criterion(netD(fake).view(-1), label)
    errG.backward()
    optimizerG.step()
    return {"errD": (errD_real + errD_fake).item(), "errG": errG.item()}


if __name__ == "__main__":
    print(run())
