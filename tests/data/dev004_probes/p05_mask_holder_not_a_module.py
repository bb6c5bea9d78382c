# source: search excerpt without a repository name (Informer's TriangularCausalMask: a plain class
#   that builds the mask on the device it is given)
# verdict: look-alike: not an `nn.Module`, and the mask is made on the caller's device.
import torch


class TriangularCausalMask:
    def __init__(self, batch, length, device="cpu"):
        shape = [batch, 1, length, length]
        with torch.no_grad():
            self._mask = torch.triu(torch.ones(shape, dtype=torch.bool), diagonal=1).to(device)

    @property
    def mask(self):
        return self._mask
