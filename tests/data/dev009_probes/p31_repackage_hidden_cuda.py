# source: unnamed file of the code index (the same helper, with a CUDA flag)
# verdict: hit: the type test, the rewrap, moved after.
import torch
from torch.autograd import Variable  # expect DEV009


def repackage_hidden(h, cuda):
    if type(h) == Variable:  # expect DEV018
        var = Variable(h.data)  # expect DEV009
        if cuda:
            var = var.cuda()
        return var
    return tuple(repackage_hidden(v, cuda) for v in h)
