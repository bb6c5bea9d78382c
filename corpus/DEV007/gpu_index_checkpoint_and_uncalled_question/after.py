"""A text model's helpers from a VAE codebase: the device is picked with `torch.cuda.is_available`
left uncalled (the function object is always true, so the GPU is picked on every machine), and a
pretrained state is loaded onto the GPU a configuration names, `map_location="cuda:{}".format(gpu)`.
On a machine without a GPU both stop the run; where there is one, nothing changes.
"""

import io
from types import SimpleNamespace

import torch
from torch import nn

config = SimpleNamespace(gpu=0)


def load_pretrained(buffer):
    buffer.seek(0)
    return torch.load(buffer, map_location="cuda:{}".format(config.gpu) if torch.cuda.is_available() else "cpu")


def build(state=None):
    model = nn.Linear(4, 2)
    if state is not None:
        model.load_state_dict(state)
    device = torch.device("cuda:0" if torch.cuda.is_available() else "cpu")
    return model.to(device), device


def run():
    torch.manual_seed(0)
    buffer = io.BytesIO()
    torch.save(nn.Linear(4, 2).state_dict(), buffer)
    model, device = build(load_pretrained(buffer))
    x = torch.randn(8, 4)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for _ in range(3):
        optimizer.zero_grad()
        loss = model(x.to(device)).pow(2).mean()
        loss.backward()
        optimizer.step()
    return {"loss": loss.detach(), "weight": model.weight.detach()}
