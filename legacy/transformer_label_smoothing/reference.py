"""The self-attention classifier of before.py for PyTorch 2.x.

The padding mask is a bool tensor; `LabelSmoothing` uses `nn.KLDivLoss(reduction="sum")` and builds
its target under `torch.no_grad()`; losses are read with `.item()`; `nn.init.xavier_uniform_`;
batches are made on `device`.
"""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
PAD = 0


def attention(query, key, value, mask=None):
    d_k = query.size(-1)
    scores = torch.matmul(query, key.transpose(-2, -1)) / math.sqrt(d_k)
    if mask is not None:
        scores = scores.masked_fill(mask == 0, -1e9)
    p_attn = F.softmax(scores, dim=-1)
    return torch.matmul(p_attn, value), p_attn


class Encoder(nn.Module):
    def __init__(self, vocab, d_model, n_classes):
        super().__init__()
        self.embed = nn.Embedding(vocab, d_model, padding_idx=PAD)
        self.q = nn.Linear(d_model, d_model)
        self.k = nn.Linear(d_model, d_model)
        self.v = nn.Linear(d_model, d_model)
        self.out = nn.Linear(d_model, n_classes)
        for p in self.parameters():
            if p.dim() > 1:
                nn.init.xavier_uniform_(p)

    def forward(self, src, src_mask):
        x = self.embed(src)
        h, _ = attention(self.q(x), self.k(x), self.v(x), src_mask.unsqueeze(1))
        pooled = (h * src_mask.unsqueeze(2).float()).sum(1) / src_mask.float().sum(1, keepdim=True)
        return F.log_softmax(self.out(pooled), dim=-1)


class LabelSmoothing(nn.Module):
    def __init__(self, size, smoothing=0.0):
        super().__init__()
        self.criterion = nn.KLDivLoss(reduction="sum")
        self.confidence = 1.0 - smoothing
        self.smoothing = smoothing
        self.size = size

    def forward(self, x, target):
        with torch.no_grad():
            true_dist = torch.full_like(x, self.smoothing / (self.size - 1))
            true_dist.scatter_(1, target.unsqueeze(1), self.confidence)
        return self.criterion(x, true_dist)


class NoamOpt:
    def __init__(self, model_size, factor, warmup, optimizer):
        self.optimizer = optimizer
        self._step = 0
        self.warmup, self.factor, self.model_size = warmup, factor, model_size

    def step(self):
        self._step += 1
        rate = self.factor * (self.model_size ** (-0.5) *
                              min(self._step ** (-0.5), self._step * self.warmup ** (-1.5)))
        for p in self.optimizer.param_groups:
            p["lr"] = rate
        self.optimizer.step()


class SimpleLossCompute:
    def __init__(self, criterion, opt):
        self.criterion, self.opt = criterion, opt

    def __call__(self, x, y, norm):
        loss = self.criterion(x, y) / norm
        loss.backward()
        self.opt.step()
        self.opt.optimizer.zero_grad()
        return loss.item() * norm


def make_batch(rows, labels):
    lengths = [len(r) for r in rows]
    width = max(lengths)
    padded = [r + [PAD] * (width - len(r)) for r in rows]
    mask = [[True] * n + [False] * (width - n) for n in lengths]
    return (torch.tensor(padded, device=device), torch.tensor(mask, device=device),
            torch.tensor(labels, device=device))


def run():
    torch.manual_seed(0)
    model = Encoder(10, 8, 3).to(device)
    criterion = LabelSmoothing(size=3, smoothing=0.1)
    opt = NoamOpt(8, 1, 4, torch.optim.Adam(model.parameters(), lr=0, betas=(0.9, 0.98), eps=1e-9))
    compute = SimpleLossCompute(criterion, opt)
    batches = [([[1, 2, 3], [4, 5], [6, 7, 8, 9]], [0, 1, 2]), ([[2, 2], [5, 6, 7], [9]], [0, 1, 2])]
    losses = []
    for epoch in range(2):
        total_loss = 0.0
        for rows, labels in batches:
            src, mask, y = make_batch(rows, labels)
            out = model(src, mask)
            total_loss += compute(out, y, len(rows))
        losses.append(total_loss)
    src, mask, _ = make_batch([[1, 2, 3]], [0])
    with torch.no_grad():
        probs = model(src, mask).exp()
    return {"losses": losses, "probs": probs}


if __name__ == "__main__":
    print(run())
