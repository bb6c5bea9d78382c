# source: Barahlush/brainMRIGenerativeModels GAN/losses.py (labels moved under a global GPU flag)
# verdict: hit, three times: each branch's labels and the fake labels are made on the host.
import torch
from torch import nn

train_on_gpu = torch.cuda.is_available()


def real_loss(d_out, smooth=False):
    n = d_out.size(0)
    if smooth:
        labels = torch.ones(n) * 0.9  # expect DEV010
    else:
        labels = torch.ones(n)  # expect DEV010
    if train_on_gpu:
        labels = labels.cuda()
    return nn.BCEWithLogitsLoss()(d_out.squeeze(), labels.squeeze())


def fake_loss(d_out):
    n = d_out.size(0)
    labels = torch.zeros(n)  # expect DEV010
    if train_on_gpu:
        labels = labels.cuda()
    return nn.BCEWithLogitsLoss()(d_out.squeeze(), labels.squeeze())
