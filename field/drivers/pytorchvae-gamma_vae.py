"""Driver for pytorchvae-gamma_vae: GammaVAE as PyTorch-VAE's experiment uses it, on the device: one training
step on random 64x64 images and sample() on that device (see _common.exercise_vae)."""

import _common

module = _common.load_vae()
_common.exercise_vae(module.GammaVAE(in_channels=3, latent_dim=8))
