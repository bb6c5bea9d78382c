"""Greedy decoding with a tiny Transformer decoder: every step builds the causal mask and the
position ids on the host and copies them to the device.
"""

import torch
import torch.nn as nn

VOCAB, DIM, STEPS = 20, 16, 6


class TinyDecoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.tokens = nn.Embedding(VOCAB, DIM)
        self.positions = nn.Embedding(32, DIM)
        layer = nn.TransformerEncoderLayer(DIM, nhead=2, dim_feedforward=32, dropout=0.0, batch_first=True)
        self.body = nn.TransformerEncoder(layer, num_layers=1)
        self.head = nn.Linear(DIM, VOCAB)

    def forward(self, ids, pos, mask):
        return self.head(self.body(self.tokens(ids) + self.positions(pos), mask=mask))


def greedy(model, prompt, device):
    ids = prompt
    for _ in range(STEPS):
        length = ids.size(1)
        mask = torch.full((length, length), float("-inf")).triu(1).to(device)
        pos = torch.arange(length).to(device)
        logits = model(ids, pos, mask)
        ids = torch.cat([ids, logits[:, -1].argmax(-1, keepdim=True)], dim=1)
    return ids


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model = TinyDecoder().to(device).eval()
    prompt = torch.tensor([[1, 2, 3], [4, 5, 6]], device=device)
    with torch.no_grad():
        ids = greedy(model, prompt, device)
    return {"ids": ids}
