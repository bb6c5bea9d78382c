"""Driver for pytorchexamples-time_sequence_prediction-train: Sequence (a deliberately float64 model) on
the device, one forward/backward on random float64 sequences, and a short prediction of the future."""

import _common
import torch

_common.stub_plotting()
module = _common.load()
device = _common.device()
seq = module.Sequence().double().to(device)
x = torch.randn(3, 10, dtype=torch.double, device=device)
out = seq(x)
torch.nn.functional.mse_loss(out, x).backward()
with torch.no_grad():
    seq(x, future=4)
