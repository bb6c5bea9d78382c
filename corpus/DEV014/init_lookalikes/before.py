"""Names that look like the renamed PyTorch API and are not: `torch.normal` and `torch.eye` (sampling and
factory functions, not initialisers), an `Initialiser` of the file's own with `uniform` and `normal`
methods, and the modern `nn.init.*_` and `clip_grad_norm_`. Nothing changes.
"""

import torch
import torch.nn as nn


class Initialiser:
    def __init__(self, scale):
        self.scale = scale

    def uniform(self, tensor):
        with torch.no_grad():
            return tensor.uniform_(-self.scale, self.scale)

    def normal(self, tensor):
        with torch.no_grad():
            return tensor.normal_(0.0, self.scale)


def run():
    torch.manual_seed(5)
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    init = Initialiser(0.05)
    layer = nn.Linear(4, 4).to(device)
    init.uniform(layer.weight)
    init.normal(layer.bias)
    nn.init.xavier_uniform_(layer.weight)
    noise = torch.normal(0.0, 1.0, (4, 4), device=device) + torch.eye(4, device=device)
    loss = (layer(noise) ** 2).mean()
    loss.backward()
    norm = torch.nn.utils.clip_grad_norm_(layer.parameters(), 0.1)
    return {"weight": layer.weight.detach(), "norm": norm, "grad": layer.weight.grad}
