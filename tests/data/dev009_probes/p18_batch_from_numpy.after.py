# source: unnamed file of the code index (a summarizer's batch helper: arrays made tensors, then wrapped)
# verdict: hit: each wrapper of a tensor made right there goes.
import torch


def inputs_of(batch, hidden, use_cuda):
    n = len(batch.enc_lens)
    enc = torch.from_numpy(batch.enc_batch).long()
    pad_mask = torch.from_numpy(batch.enc_padding_mask).float()
    ctx = torch.zeros((n, 2 * hidden))
    if use_cuda:
        enc = enc.cuda()
        pad_mask = pad_mask.cuda()
        ctx = ctx.cuda()
    return enc, pad_mask, batch.enc_lens, ctx
