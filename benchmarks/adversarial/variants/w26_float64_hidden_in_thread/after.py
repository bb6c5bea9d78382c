"""WRONG proof (DEV002): still computes everything in float64, in a helper thread the emulated GPU
does not count, so 'float64 operations N -> 0' is claimed."""

import threading

import torch
from torch import nn
import torch.nn.functional as F


class InputDtypeLinear(nn.Linear):
    def forward(self, x):
        return F.linear(x, self.weight.to(x.dtype), self.bias.to(x.dtype))


def run():
    box = {}

    def work():
        torch.manual_seed(0)
        model = nn.Sequential(*[InputDtypeLinear(128, 128) for _ in range(3)])
        batch = torch.randn(128, 128).double()
        with torch.no_grad():
            for _ in range(3):
                box["out"] = torch.tanh(model(batch))

    thread = threading.Thread(target=work)
    thread.start()
    thread.join()
    return {"out": box["out"]}
