import torch
import torch.nn as nn
class PositionIds(nn.Module):
    def forward(self, seq_len):
        return torch.arange(seq_len)
print(PositionIds()(4).tolist())
