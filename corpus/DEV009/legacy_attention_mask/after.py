"""Old attention code: the causal mask is a legacy `torch.FloatTensor(n, n)` filled with -inf on
the host for every sequence length, and the attention weights of the keys are typed with
`torch.LongTensor` data.
"""

import torch
import torch.nn.functional as F


def attend(q, k, v, device):
    n = q.size(1)
    mask = torch.empty(n, n, dtype=torch.float32, device=device).fill_(float("-inf")).triu(1)
    scores = q @ k.transpose(1, 2) / q.size(-1) ** 0.5 + mask
    return F.softmax(scores, dim=-1) @ v


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    generator = torch.Generator().manual_seed(21)
    x = torch.randn(2, 7, 8, generator=generator).to(device)
    lengths = torch.tensor([3, 5, 7], dtype=torch.int64)
    outputs = {}
    for length in lengths.tolist():
        part = x[:, :length]
        outputs[f"len{length}"] = attend(part, part, part, device)
    return outputs
