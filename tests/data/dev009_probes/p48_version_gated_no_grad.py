# source: unnamed file of the code index (a helper that uses no_grad where torch has it, volatile before)
# verdict: hit on the pre-0.4 branch's `volatile=` and the wrappers; the branch never runs today.
import torch
from torch.autograd import Variable  # expect DEV009

_HAS_NO_GRAD = "no_grad" in dir(torch)


def cuda_variable(x, volatile=False):
    if _HAS_NO_GRAD:
        if volatile:
            with torch.no_grad():
                v = Variable(x)  # expect DEV009
        else:
            v = Variable(x)  # expect DEV009
    else:
        v = Variable(x, volatile=volatile)  # expect DEV009
    return v.cuda()
