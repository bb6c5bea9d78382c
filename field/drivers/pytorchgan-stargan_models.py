"""Driver for pytorchgan-stargan_models: a small generator and discriminator on the device, one
translation of two random 32x32 images to random attribute vectors, and a backward pass."""

import _common
import torch

module = _common.load()
device = _common.device()
shape = (3, 32, 32)
generator = module.GeneratorResNet(img_shape=shape, res_blocks=1, c_dim=5).to(device)
discriminator = module.Discriminator(img_shape=shape, c_dim=5, n_strided=3).to(device)
generator.apply(module.weights_init_normal)
fake = generator(torch.randn(2, *shape, device=device), torch.rand(2, 5, device=device))
validity, classes = discriminator(fake)
(validity.mean() + classes.mean()).backward()
