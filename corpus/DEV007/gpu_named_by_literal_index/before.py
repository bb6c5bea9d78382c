"""A demo script's style: the second GPU is named by hand (`"cuda:1"`), for the model and for
the noise the step adds. On a machine without a GPU the first move stops the run; where there is
one, the GPU named is used as before.
"""

import torch
from torch import nn


def run():
    torch.manual_seed(0)
    layer = nn.Linear(4, 2).to("cuda:1")
    optimizer = torch.optim.SGD(layer.parameters(), lr=0.1)
    inputs, targets = torch.randn(8, 4), torch.randn(8, 2)
    for _ in range(3):
        optimizer.zero_grad()
        noise = torch.zeros(8, 2, device="cuda:1")
        loss = ((layer(inputs.to("cuda:1")) + noise - targets.to("cuda:1")) ** 2).mean()
        loss.backward()
        optimizer.step()
    return {"loss": loss.detach(), "weight": layer.weight.detach()}
