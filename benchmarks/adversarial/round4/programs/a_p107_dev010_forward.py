# RUN: autofix
import torch
import torch.nn as nn

use_cuda = True

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(5, 3)
    def forward(self, tokens):
        e = self.emb(tokens)
        h = torch.zeros(1, 3)
        if use_cuda:
            h = h.cuda()
        return e + h

m = M()
print(m(torch.tensor([1, 2])).device)
