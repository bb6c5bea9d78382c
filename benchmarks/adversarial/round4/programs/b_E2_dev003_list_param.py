import torch
import torch.nn as nn
class Collate(nn.Module):
    def forward(self, seqs):
        out = torch.zeros(len(seqs), max(len(s) for s in seqs))
        for i, s in enumerate(seqs):
            out[i, : len(s)] = s
        return out
print(Collate()([torch.ones(2), torch.ones(3)]).tolist())
