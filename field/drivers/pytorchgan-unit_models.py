"""Driver for pytorchgan-unit_models: UNIT's encoder (with its reparameterisation), generator and
discriminator on the device, sharing a residual block as the UNIT script wires them; one backward."""

import _common
import torch

module = _common.load()
device = _common.device()
shared_encoder = module.ResidualBlock(features=32)
shared_generator = module.ResidualBlock(features=32)
encoder = module.Encoder(dim=8, n_downsample=2, shared_block=shared_encoder).to(device)
generator = module.Generator(dim=8, n_upsample=2, shared_block=shared_generator).to(device)
discriminator = module.Discriminator((3, 32, 32)).to(device)
mu, z = encoder(torch.randn(2, 3, 32, 32, device=device))
fake = generator(z)
(discriminator(fake).mean() + mu.pow(2).mean()).backward()
