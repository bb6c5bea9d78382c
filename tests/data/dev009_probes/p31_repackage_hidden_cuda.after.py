# source: unnamed file of the code index (the same helper, with a CUDA flag)
# verdict: hit: the type test, the rewrap, moved after.
import torch


def repackage_hidden(h, cuda):
    if type(h) == torch.Tensor:
        var = h.data
        if cuda:
            var = var.cuda()
        return var
    return tuple(repackage_hidden(v, cuda) for v in h)
