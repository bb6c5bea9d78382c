"""A script that never imports `torch` itself: the name arrives with a star import (here from
`torch.nn.functional`, in real projects often from a local `utils` module). The model and a noise
tensor are still pinned to CUDA.
"""

from torch.nn.functional import *

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")


def run():
    layer = torch.nn.Linear(6, 3).to(device)
    noise = torch.randn(4, 6, device=device)
    out = relu(layer(noise))
    return {"out": out.detach(), "weight": layer.weight.detach()}
