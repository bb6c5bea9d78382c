"""Driver for ccnetpure-cc: criss-cross attention on the device, one forward/backward on a random
feature map (what the file's own __main__ smoke test does, with a backward pass)."""

import _common
import torch

module = _common.load()
device = _common.device()
attention = module.CC_module(8).to(device)
x = torch.randn(2, 8, 5, 6, device=device, requires_grad=True)
attention(x).sum().backward()
