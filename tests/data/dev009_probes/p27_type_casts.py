# source: unnamed file of the code index (a language-model helper: batches cast by .type, outputs read back)
# verdict: hit: `.type(torch.FloatTensor)` of an output is `.to("cpu", torch.float32)`; wrappers of
#   parameters keep `.detach()`; `volatile=` of a parameter goes with the wrapper's caller.
import torch
from torch.autograd import Variable  # expect DEV009


def to_var(ts, use_cuda):
    if use_cuda:
        return Variable(ts).cuda()  # expect DEV009
    else:
        return Variable(ts)  # expect DEV009


def to_numpy(dist):
    return dist.type(torch.FloatTensor).data.numpy()  # expect DEV009
