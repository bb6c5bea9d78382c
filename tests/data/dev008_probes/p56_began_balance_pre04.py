# source: eriklindernoren/PyTorch-GAN implementations/began/began.py (BEGAN's balance and convergence measure)
# verdict: hit; report only: each step reads a combination of its losses as a number (pre-0.4 `.data[0]`)
# to update the balance term and print the measure.
import torch
from torch.autograd import Variable

cuda = torch.cuda.is_available()


def train(generator, discriminator, loader, opt_g, opt_d, latent_dim, gamma=0.75, lambda_k=0.001):
    k = 0.0
    for i, (imgs, _) in enumerate(loader):
        real = Variable(imgs.cuda() if cuda else imgs)
        z = Variable(torch.randn(imgs.size(0), latent_dim).cuda() if cuda else torch.randn(imgs.size(0), latent_dim))
        fake = generator(z)
        opt_g.zero_grad()
        g_loss = torch.mean(torch.abs(discriminator(fake) - fake))
        g_loss.backward()
        opt_g.step()
        opt_d.zero_grad()
        d_real = discriminator(real)
        d_fake = discriminator(fake.detach())
        d_loss_real = torch.mean(torch.abs(d_real - real))
        d_loss_fake = torch.mean(torch.abs(d_fake - fake.detach()))
        d_loss = d_loss_real - k * d_loss_fake
        d_loss.backward()
        opt_d.step()
        diff = torch.mean(gamma * d_loss_real - d_loss_fake)
        k = min(max(k + lambda_k * diff.data[0], 0), 1)  # expect DEV008
        measure = (d_loss_real + torch.abs(diff)).data[0]  # expect DEV008
        print("[%d] D %f G %f M %f k %f" % (i, d_loss.data[0], g_loss.data[0], measure, k))  # expect DEV008
