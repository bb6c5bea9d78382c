"""A prototype model that follows its input's device by hand, but spells the move `.cuda(d)`: on a
CPU-only machine `.cuda(torch.device("cpu"))` is "Invalid device, must be cuda device". A sampler
takes the device from its caller the same way.
"""

import torch
from torch import nn


def draw_codes(count, current_device):
    codes = torch.randn(count, 4, generator=torch.Generator().manual_seed(2))
    return codes.cuda(current_device)


def nearest_prototype(encoder, prototypes, batch):
    here = batch.device
    prototypes = prototypes.cuda(here)
    distances = torch.cdist(encoder(batch), prototypes)
    return distances.argmin(dim=1), distances.min(dim=1).values


def run():
    torch.manual_seed(0)
    encoder = nn.Linear(5, 4).cuda()
    prototypes = torch.randn(3, 4, generator=torch.Generator().manual_seed(1))
    batch = torch.randn(6, 5, generator=torch.Generator().manual_seed(3)).cuda()
    nearest, distance = nearest_prototype(encoder, prototypes, batch)
    codes = draw_codes(2, batch.device)
    return {"nearest": nearest, "distance": distance.detach(), "codes": codes}
