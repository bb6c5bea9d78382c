# source: unnamed file of the code index (a language-model helper: batches cast by .type, outputs read back)
# verdict: hit: `.type(torch.FloatTensor)` of an output is `.to("cpu", torch.float32)`; wrappers of
#   parameters keep `.detach()`; `volatile=` of a parameter goes with the wrapper's caller.
import torch


def to_var(ts, use_cuda):
    if use_cuda:
        return ts.detach().cuda()
    else:
        return ts.detach()


def to_numpy(dist):
    return dist.to("cpu", torch.float32).data.numpy()
