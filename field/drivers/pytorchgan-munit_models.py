"""Driver for pytorchgan-munit_models: MUNIT's encoder, decoder (AdaIN from the style code) and
multi-scale discriminator on the device, one swap of styles between two random 128x128 images (the three-scale discriminator needs that size)
and a backward pass."""

import _common
import torch

module = _common.load()
device = _common.device()
encoder = module.Encoder(dim=8, n_residual=1, n_downsample=2, style_dim=4).to(device)
decoder = module.Decoder(dim=8, n_residual=1, n_upsample=2, style_dim=4).to(device)
discriminator = module.MultiDiscriminator().to(device)
images = torch.randn(2, 3, 128, 128, device=device)
content, style = encoder(images)
fake = decoder(content, style.flip(0))
discriminator.compute_loss(fake, 1).backward()
