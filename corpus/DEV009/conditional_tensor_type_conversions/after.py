"""A GAN-era training step halfway to the modern API: it picks its tensor type by a flag, `Tensor =
torch.cuda.FloatTensor if cuda else torch.FloatTensor`, and converts every host batch with
`.type(Tensor)`, while its labels are legacy `torch.FloatTensor(n, 1)` constructors filled on the host
and then moved to a `device` chosen by the same flag.

The flag is the device: each conversion becomes `.to("cuda" if cuda else "cpu", torch.float32)`, and
the labels can be made where they are used.
"""

import torch
from torch import nn

cuda = torch.cuda.is_available()
device = torch.device("cuda" if cuda else "cpu")


def discriminator_step(critic, batches):
    losses = []
    for imgs in batches:
        real = imgs.to("cuda" if cuda else "cpu", torch.float32).detach()
        valid = torch.empty(imgs.size(0), 1, dtype=torch.float32, device=device).fill_(1.0)
        loss = nn.functional.binary_cross_entropy_with_logits(critic(real), valid)
        loss.backward()
        losses.append(loss.detach())
    return torch.stack(losses)


def run():
    torch.manual_seed(0)
    critic = nn.Linear(5, 1)
    if cuda:
        critic.cuda()
    generator = torch.Generator().manual_seed(8)
    batches = [torch.rand(4, 5, generator=generator, dtype=torch.float64) for _ in range(3)]
    losses = discriminator_step(critic, batches)
    return {"losses": losses, "grad": critic.weight.grad}
