"""Sinusoidal positional encoding kept as a plain tensor attribute.

`model.to(device)` moves parameters and buffers; `self.pe` is neither, so it stays on the CPU and
the addition in forward mixes devices.
"""

import math

import torch
import torch.nn as nn


class PositionalEncoding(nn.Module):
    def __init__(self, d_model, max_len=128):
        super().__init__()
        pe = torch.zeros(max_len, d_model)
        position = torch.arange(0, max_len, dtype=torch.float).unsqueeze(1)
        div_term = torch.exp(torch.arange(0, d_model, 2).float() * (-math.log(10000.0) / d_model))
        pe[:, 0::2] = torch.sin(position * div_term)
        pe[:, 1::2] = torch.cos(position * div_term)
        self.pe = pe.unsqueeze(1)  # (max_len, 1, d_model)

    def forward(self, x):
        return x + self.pe[: x.size(0)]


class Encoder(nn.Module):
    def __init__(self, vocab=30, d_model=16):
        super().__init__()
        self.embed = nn.Embedding(vocab, d_model)
        self.position = PositionalEncoding(d_model)
        self.norm = nn.LayerNorm(d_model)

    def forward(self, tokens):
        return self.norm(self.position(self.embed(tokens)))


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    encoder = Encoder().to(device)
    tokens = torch.randint(0, 30, (10, 2), device=device)
    state = sorted(encoder.state_dict())
    return {"encoded": encoder(tokens), "state_dict_keys": torch.tensor(len(state))}
