# source: Atrin-Dev/FaceGen-GAN generator.py (noise made where it is used)
# verdict: look-alike: made with device=.
import torch


def gen_noise(num, z_dim, device="cuda"):
    return torch.randn(num, z_dim, device=device)
