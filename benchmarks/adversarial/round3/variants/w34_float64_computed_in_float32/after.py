"""Wrong after: moves the batch, but computes the layer in float32 and casts the output back to
float64: the result keeps its dtype and loses nine of its sixteen significant digits, under a rule
whose fix changes no precision."""

import torch
from torch import nn


def make_model():
    torch.manual_seed(0)
    return nn.Linear(4, 4).double()


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model = make_model().to(device)
    x = torch.linspace(-1, 1, 64, dtype=torch.float64, device=device).reshape(16, 4)
    with torch.no_grad():
        out = torch.nn.functional.linear(x.float(), model.weight.float(), model.bias.float()).double()
    return {"out": out}
