# source: ZhixiuYe/NER-pytorch model.py (the BiLSTM-CRF forward algorithm)
# verdict: hit. The initial alphas are filled with a large negative number, the start tag set to zero, wrapped in Variable under a new name, and moved under the model's use_gpu flag.
import torch
import torch.nn as nn
from torch import autograd

START = 0


class BiLSTMCRF(nn.Module):
    def __init__(self, tagset_size, use_gpu):
        super().__init__()
        self.tagset_size = tagset_size
        self.use_gpu = use_gpu
        self.transitions = nn.Parameter(torch.zeros(tagset_size, tagset_size))

    def forward_alg(self, feats):
        init_alphas = torch.full((1, self.tagset_size), -10000.0)  # expect DEV010
        init_alphas[0][START] = 0.0
        forward_var = autograd.Variable(init_alphas)
        if self.use_gpu:
            forward_var = forward_var.cuda()
        for feat in feats:
            scores = forward_var + self.transitions + feat.view(-1, 1)
            forward_var = torch.logsumexp(scores, dim=1).view(1, -1)
        return torch.logsumexp(forward_var, dim=1)
