"""A critic step in the old tutorial manner: the script names its tensor type once, `Tensor =
torch.FloatTensor`, builds its label and noise tensors with it on the host and moves them to the
device afterwards; it also reads the critic's weights through `.data`.

Every use of `Tensor` means a dtype (and the CPU); the rewrite says the dtype at each call, and the
tensors can then be made on the device directly.
"""

import torch
from torch import nn

LATENT = 4


def critic_step(generator, critic, imgs, noise, device):
    real_imgs = imgs.to("cpu", torch.float32).detach().to(device)
    valid = torch.empty(imgs.size(0), 1, dtype=torch.float32, device=device).fill_(1.0)
    z = torch.empty(imgs.size(0), LATENT, dtype=torch.float32, device=device).zero_() + noise.to(device)
    fake_imgs = generator(z)
    loss = nn.functional.mse_loss(critic(real_imgs), valid) + critic(fake_imgs.detach()).mean()
    loss.backward()
    average = critic[0].weight.data.mean(0, keepdim=True)
    return loss, average


def run():
    torch.manual_seed(0)
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    generator = nn.Sequential(nn.Linear(LATENT, 8), nn.Tanh()).to(device)
    critic = nn.Sequential(nn.Linear(8, 1)).to(device)
    imgs = torch.rand(6, 8, generator=torch.Generator().manual_seed(5), dtype=torch.float64)
    noise = torch.randn(6, LATENT, generator=torch.Generator().manual_seed(3))
    loss, average = critic_step(generator, critic, imgs, noise, device)
    return {"loss": loss.detach(), "grad": critic[0].weight.grad, "average": average}
