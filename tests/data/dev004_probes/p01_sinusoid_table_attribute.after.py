# source: Poojasangeetha/Attention-Based-Neural-Network (time_series_project_v2/models/positional_encoding.py)
# verdict: hit: the sinusoid table is a plain attribute read in `forward`; `model.to("cuda")` leaves it
#   on the CPU and `x + self.pe[...]` fails there.
import math

import torch


class PositionalEncoding(torch.nn.Module):
    def __init__(self, d_model, max_len=5000):
        super().__init__()
        pe = torch.zeros(max_len, d_model)
        pos = torch.arange(0, max_len).unsqueeze(1).float()
        div = torch.exp(torch.arange(0, d_model, 2).float() * (-math.log(10000) / d_model))
        pe[:, 0::2] = torch.sin(pos * div)
        pe[:, 1::2] = torch.cos(pos * div)
        self.register_buffer("pe", pe.unsqueeze(0), persistent=False)  # expect DEV004

    def forward(self, x):
        return x + self.pe[:, : x.size(1)]
