# source: unnamed file of the code index (a helper that uses no_grad where torch has it, volatile before)
# verdict: hit on the pre-0.4 branch's `volatile=` and the wrappers; the branch never runs today.
import torch

_HAS_NO_GRAD = "no_grad" in dir(torch)


def cuda_variable(x, volatile=False):
    if _HAS_NO_GRAD:
        if volatile:
            with torch.no_grad():
                v = x.detach()
        else:
            v = x.detach()
    else:
        v = x.detach()
    return v.cuda()
