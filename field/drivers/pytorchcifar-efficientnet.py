"""Driver for pytorchcifar-efficientnet: EfficientNet-B0 on the device in training mode (drop-connect
on), one forward/backward on two random 32x32 images."""

import _common
import torch

module = _common.load()
device = _common.device()
net = module.EfficientNetB0().to(device).train()
net(torch.randn(2, 3, 32, 32, device=device)).sum().backward()
