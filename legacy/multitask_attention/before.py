"""A two-headed sequence model (classification and regression) with attention pooling over a
sequence-first GRU, in the style of 2018 research code.

The attention weights are `F.softmax(self.attn(outputs))` on a (T, B, 1) tensor: with no `dim`, old
PyTorch picked dim 0 for a 3-D input, which is the time axis here, as the author meant. Also
`nn.init.normal`/`nn.init.constant`, `F.tanh`, `grad_norm = torch.nn.utils.clip_grad_norm(...)`
kept as a number, `cls_total, reg_total = 0, 0` with `+= loss_cls.data[0]`, and `use_cuda`.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
from torch.autograd import Variable

use_cuda = torch.cuda.is_available()


class MultiTaskNet(nn.Module):
    def __init__(self, n_in, hidden, n_classes):
        super(MultiTaskNet, self).__init__()
        self.rnn = nn.GRU(n_in, hidden)
        self.attn = nn.Linear(hidden, 1)
        self.cls_head = nn.Linear(hidden, n_classes)
        self.reg_head = nn.Linear(hidden, 1)
        for m in self.modules():
            if isinstance(m, nn.Linear):
                nn.init.normal(m.weight, std=0.1)
                nn.init.constant(m.bias, 0.1)

    def forward(self, x):
        outputs, _ = self.rnn(x)  # (T, B, H)
        weights = F.softmax(self.attn(outputs))  # (T, B, 1), over time
        pooled = (weights * outputs).sum(0)
        return self.cls_head(pooled), F.tanh(self.reg_head(pooled)).squeeze(1), weights


def make_data(n, T=6, n_in=3, seed=0):
    g = torch.Generator()
    g.manual_seed(seed)
    x = torch.randn(T, n, n_in, generator=g)
    y = (x[:, :, 0].sum(0) > 0).long()
    t = torch.tanh(x[:, :, 1].mean(0))
    return x, y, t


def run():
    torch.manual_seed(0)
    x, y, t = make_data(16)
    model = MultiTaskNet(3, 8, 2)
    if use_cuda:
        model.cuda()
    optimizer = optim.Adam(model.parameters(), lr=0.01)
    history, norms = [], []
    for epoch in range(3):
        cls_total, reg_total = 0, 0
        for i in range(0, 16, 8):
            xb, yb, tb = Variable(x[:, i:i + 8]), Variable(y[i:i + 8]), Variable(t[i:i + 8])
            if use_cuda:
                xb, yb, tb = xb.cuda(), yb.cuda(), tb.cuda()
            logits, reg, _ = model(xb)
            loss_cls = F.cross_entropy(logits, yb)
            loss_reg = F.mse_loss(reg, tb)
            loss = loss_cls + 0.5 * loss_reg
            optimizer.zero_grad()
            loss.backward()
            grad_norm = torch.nn.utils.clip_grad_norm(model.parameters(), 1.0)
            optimizer.step()
            cls_total += loss_cls.data[0]
            reg_total += loss_reg.data[0]
            norms.append(grad_norm)
        history.append([cls_total / 2, reg_total / 2])
    xb = Variable(x[:, :4], volatile=True)
    if use_cuda:
        xb = xb.cuda()
    _, _, weights = model(xb)
    return {"history": history, "norms": norms, "attention": weights.data.squeeze(2)}


if __name__ == '__main__':
    print(run())
