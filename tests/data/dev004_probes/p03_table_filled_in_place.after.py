# source: search excerpt without a repository name (a "Section 3.5 of the paper" positional encoding
#   that fills `self.pe` in place in `__init__`)
# verdict: hit: a plain attribute made with `torch.zeros`, filled in place, read in `forward`.
import torch
import torch.nn as nn


class PositionalEncoding(nn.Module):
    def __init__(self, embedding_size: int, max_length: int = 10000) -> None:
        super().__init__()
        self.embedding_size = embedding_size
        self.max_length = max_length
        two_i = torch.arange(0, embedding_size, 2, dtype=torch.float32)
        numerator = torch.arange(0, max_length, dtype=torch.float32).unsqueeze(1)
        denominator = 10000.0 ** (two_i / embedding_size)
        self.register_buffer("pe", torch.zeros(max_length, embedding_size), persistent=False)  # expect DEV004
        self.pe[:, 0::2] = torch.sin(numerator / denominator)
        self.pe[:, 1::2] = torch.cos(numerator / denominator)

    def forward(self, x):
        return x + self.pe[: x.size(1)]
