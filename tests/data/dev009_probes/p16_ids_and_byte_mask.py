# source: unnamed file of the code index (helpers that build an index tensor and a length mask)
# verdict: hit on each constructor and wrapper; the mask is filled in place after it is made.
import torch
from torch.autograd import Variable  # expect DEV009


def ids_to_var(ids, cuda=True):
    t = torch.LongTensor(ids)  # expect DEV009
    if cuda:
        t = t.cuda()
    return Variable(t)  # expect DEV009


def lengths_to_mask(lengths):
    mask = torch.ByteTensor(len(lengths), max(lengths)).zero_().cuda()  # expect DEV009
    for i, n in enumerate(lengths):
        mask[i][:n].fill_(1)
    return Variable(mask)  # expect DEV009
