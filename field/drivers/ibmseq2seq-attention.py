"""Driver for ibmseq2seq-attention: Attention on the device with a padding mask set, one
forward/backward on random decoder outputs and encoder context."""

import _common
import torch

module = _common.load()
device = _common.device()
attention = module.Attention(8).to(device)
output = torch.randn(2, 3, 8, device=device, requires_grad=True)
context = torch.randn(2, 5, 8, device=device)
mask = torch.zeros(2, 3, 5, dtype=torch.bool, device=device)
mask[:, :, -1] = True  # the last input position is padding
attention.set_mask(mask)
attended, weights = attention(output, context)
attended.sum().backward()
