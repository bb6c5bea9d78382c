# source: unnamed file of the code index (a DCGAN sampler: storage asked for, then resized and drawn through .data)
# verdict: hit: the size constructor (filled right after, through the wrapper) and the wrapper.
import torch
from torch.autograd import Variable  # expect DEV009


def sample_generator(net_g, nz, n=1):
    noise = torch.FloatTensor(n, nz)  # expect DEV009
    noise = Variable(noise)  # expect DEV009
    noise.data.resize_(n, nz)
    noise.data.normal_(0, 1)
    return net_g(noise).data
