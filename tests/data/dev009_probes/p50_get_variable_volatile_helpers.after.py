# source: unnamed file of the code index (training utilities: one helper per volatility)
# verdict: hit: each wrapper; the volatile one's callers are not in the file (report only).
from torch.autograd import Variable


def _get_variable(inputs, cuda=True):
    if cuda:
        out = inputs.cuda().detach()
    else:
        out = inputs.detach()
    return out


def _get_variable_volatile(inputs, cuda=True):
    if cuda:
        out = Variable(inputs.cuda(), volatile=True)
    else:
        out = Variable(inputs, volatile=True)
    return out
