# source: matthiasbrix/protein-folding-gans src/sampling.py (latent samples moved to a module-level device)
# verdict: hit, twice (random: a fix draws other numbers, so it is unsafe).
import torch

DEVICE = torch.device("cuda:0" if torch.cuda.is_available() else "cpu")


def gan_sampling(generator, z_dim, num_samples):
    z = torch.randn(num_samples, z_dim).to(DEVICE)  # expect DEV010
    return generator(z)


def dcgan_sampling(generator, z_dim, img_dims, num_samples):
    z = torch.randn(num_samples, z_dim, *img_dims).to(DEVICE)  # expect DEV010
    return generator(z)
