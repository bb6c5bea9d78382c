# source: unnamed file of the code index (a WGAN-GP critic step: gradients of ±1 given to backward)
# verdict: hit: the typed constant, backward(one/mone) of 0-dim means, the wrappers.
import torch
from torch.autograd import Variable  # expect DEV009

one = torch.cuda.FloatTensor([1])  # expect DEV009
mone = one * -1


def critic_step(net_d, net_g, data, optimizer_d):
    x_real = Variable(data, requires_grad=False).cuda()  # expect DEV009
    net_d.zero_grad()
    d_real = net_d(x_real)
    d_real = d_real.mean()
    d_real.backward(mone)  # expect DEV017
    z = Variable(torch.randn(64, 128)).cuda()  # expect DEV009
    x_fake = Variable(net_g(z).data)  # expect DEV009
    d_fake = net_d(x_fake).mean()
    d_fake.backward(one)  # expect DEV017
    optimizer_d.step()
    return d_fake - d_real
