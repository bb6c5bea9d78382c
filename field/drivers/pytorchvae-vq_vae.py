"""Driver for pytorchvae-vq_vae: VQVAE as PyTorch-VAE's experiment uses it, on the device: one training
step on random 64x64 images (see _common.exercise_vae); its sample() is not implemented, so not called."""

import _common

module = _common.load_vae()
_common.exercise_vae(module.VQVAE(in_channels=3, embedding_dim=8, num_embeddings=16), samples=False)
