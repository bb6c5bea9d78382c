# source: unnamed file of the code index (a WGAN-GP critic step: gradients of ±1 given to backward)
# verdict: hit: the typed constant, backward(one/mone) of 0-dim means, the wrappers.
import torch

one = torch.tensor([1], dtype=torch.float32, device="cuda")
mone = one * -1


def critic_step(net_d, net_g, data, optimizer_d):
    x_real = data.detach().cuda()
    net_d.zero_grad()
    d_real = net_d(x_real)
    d_real = d_real.mean()
    (-d_real).backward()
    z = torch.randn(64, 128).cuda()
    x_fake = net_g(z).data
    d_fake = net_d(x_fake).mean()
    d_fake.backward()
    optimizer_d.step()
    return d_fake - d_real
