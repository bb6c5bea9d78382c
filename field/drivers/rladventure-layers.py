"""Driver for rladventure-layers: two NoisyLinear layers on the device, built as the notebooks build
them (use_cuda = torch.cuda.is_available()), one forward/backward, new noise, one evaluation pass."""

import _common
import torch

module = _common.load()
device = _common.device()
use_cuda = torch.cuda.is_available()
net = torch.nn.Sequential(
    module.NoisyLinear(4, 8, use_cuda), torch.nn.ReLU(), module.NoisyLinear(8, 2, use_cuda)
).to(device)
x = torch.randn(3, 4, device=device)
net(x).sum().backward()
for layer in (net[0], net[2]):
    layer.reset_noise()
net.eval()
net(x)
