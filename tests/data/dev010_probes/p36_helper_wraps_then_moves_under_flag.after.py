# source: ErmiaAzarkhalili/pytorch_learning src/gan32.py (a GAN's variable() helper and its fixed noise)
# verdict: hit; the helper wraps its argument in Variable first and then moves it under a module flag.
import torch
from torch.autograd import Variable

cuda = torch.cuda.is_available()


def variable(t):
    t = Variable(t)
    if cuda:
        t = t.cuda()
    return t


def fixed_inputs(batch, size):
    noise = variable(torch.zeros(batch, size, 1, 1, device="cuda" if cuda else "cpu"))  # expect DEV010
    return noise, variable(torch.ones(batch, 1, device="cuda" if cuda else "cpu"))  # expect DEV010
