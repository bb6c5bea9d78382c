"""A TorchScript helper: its operations run in the TorchScript interpreter, out of a function mode's view."""

import torch


@torch.jit.script
def mlp64(x: torch.Tensor, w1: torch.Tensor, b1: torch.Tensor, w2: torch.Tensor, b2: torch.Tensor,
          w3: torch.Tensor, b3: torch.Tensor) -> torch.Tensor:
    x = x.double()
    h = torch.nn.functional.linear(x, w1.double(), b1.double())
    h = torch.nn.functional.linear(h, w2.double(), b2.double())
    h = torch.nn.functional.linear(h, w3.double(), b3.double())
    return torch.tanh(h)
