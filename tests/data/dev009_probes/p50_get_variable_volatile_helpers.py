# source: unnamed file of the code index (training utilities: one helper per volatility)
# verdict: hit: each wrapper; the volatile one's callers are not in the file (report only).
from torch.autograd import Variable  # expect DEV009


def _get_variable(inputs, cuda=True):
    if cuda:
        out = Variable(inputs.cuda())  # expect DEV009
    else:
        out = Variable(inputs)  # expect DEV009
    return out


def _get_variable_volatile(inputs, cuda=True):
    if cuda:
        out = Variable(inputs.cuda(), volatile=True)  # expect DEV009
    else:
        out = Variable(inputs, volatile=True)  # expect DEV009
    return out
