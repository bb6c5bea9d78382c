# source: unnamed file of the code index (helpers that build an index tensor and a length mask)
# verdict: hit on each constructor and wrapper; the mask is filled in place after it is made.
import torch


def ids_to_var(ids, cuda=True):
    t = torch.LongTensor(ids)
    if cuda:
        t = t.cuda()
    return t


def lengths_to_mask(lengths):
    mask = torch.empty(len(lengths), max(lengths), dtype=torch.uint8).zero_().cuda()
    for i, n in enumerate(lengths):
        mask[i][:n].fill_(1)
    return mask.detach()
