"""Self-attention over growing prefixes: each step shapes a causal mask on the host, one statement
at a time, and only then copies it to GPU 0 when there is one.
"""

import torch
import torch.nn as nn

DIM, STEPS = 8, 5


def causal_mask(length):
    mask = torch.ones(length, length)
    mask = mask.tril()
    mask = mask.bool()
    if torch.cuda.is_available():
        mask = mask.cuda(0)
    return mask


def run():
    device = torch.device("cuda:0" if torch.cuda.is_available() else "cpu")
    generator = torch.Generator().manual_seed(6)
    tokens = torch.randn(1, STEPS + 2, DIM, generator=generator).to(device)
    attention = nn.MultiheadAttention(DIM, num_heads=2, batch_first=True).to(device)
    outputs = []
    with torch.no_grad():
        for length in range(3, STEPS + 3):
            prefix = tokens[:, :length]
            mask = causal_mask(length)
            out, _ = attention(prefix, prefix, prefix, attn_mask=~mask)
            outputs.append(out[:, -1])
    return {"last": torch.cat(outputs)}
