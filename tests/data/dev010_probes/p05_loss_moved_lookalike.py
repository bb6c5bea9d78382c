# source: hobincar/reconstruction-network-for-video-captioning losses.py (a computed loss moved)
# verdict: look-alike. No tensor is made here: the loss is computed from the inputs, then moved.
import torch


def masked_nll(inp, target, mask, device):
    total = mask.sum()
    picked = -torch.log(torch.gather(inp, 1, target.view(-1, 1)))
    loss = picked.masked_select(mask).mean()
    loss = loss.to(device)
    return loss, total.item()
