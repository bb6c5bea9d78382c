# source: unnamed file of the code index (a summarizer's batch helper: arrays made tensors, then wrapped)
# verdict: hit: each wrapper of a tensor made right there goes.
import torch
from torch.autograd import Variable  # expect DEV009


def inputs_of(batch, hidden, use_cuda):
    n = len(batch.enc_lens)
    enc = Variable(torch.from_numpy(batch.enc_batch).long())  # expect DEV009
    pad_mask = Variable(torch.from_numpy(batch.enc_padding_mask)).float()  # expect DEV009
    ctx = Variable(torch.zeros((n, 2 * hidden)))  # expect DEV009
    if use_cuda:
        enc = enc.cuda()
        pad_mask = pad_mask.cuda()
        ctx = ctx.cuda()
    return enc, pad_mask, batch.enc_lens, ctx
