"""The two-headed attention model of before.py for PyTorch 2.x.

The attention softmax names the time axis, `dim=0` (what the implicit choice was for a 3-D input);
`nn.init.normal_`/`constant_`, `torch.tanh`, `clip_grad_norm_` (its norm read with `.item()`), losses
read with `.item()`, the last pass under `torch.no_grad()`, one `device`.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")


class MultiTaskNet(nn.Module):
    def __init__(self, n_in, hidden, n_classes):
        super().__init__()
        self.rnn = nn.GRU(n_in, hidden)
        self.attn = nn.Linear(hidden, 1)
        self.cls_head = nn.Linear(hidden, n_classes)
        self.reg_head = nn.Linear(hidden, 1)
        for m in self.modules():
            if isinstance(m, nn.Linear):
                nn.init.normal_(m.weight, std=0.1)
                nn.init.constant_(m.bias, 0.1)

    def forward(self, x):
        outputs, _ = self.rnn(x)  # (T, B, H)
        weights = F.softmax(self.attn(outputs), dim=0)  # (T, B, 1), over time
        pooled = (weights * outputs).sum(0)
        return self.cls_head(pooled), torch.tanh(self.reg_head(pooled)).squeeze(1), weights


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
    x, y, t = x.to(device), y.to(device), t.to(device)
    model = MultiTaskNet(3, 8, 2).to(device)
    optimizer = optim.Adam(model.parameters(), lr=0.01)
    history, norms = [], []
    for epoch in range(3):
        cls_total, reg_total = 0.0, 0.0
        for i in range(0, 16, 8):
            logits, reg, _ = model(x[:, i:i + 8])
            loss_cls = F.cross_entropy(logits, y[i:i + 8])
            loss_reg = F.mse_loss(reg, t[i:i + 8])
            loss = loss_cls + 0.5 * loss_reg
            optimizer.zero_grad()
            loss.backward()
            grad_norm = torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            optimizer.step()
            cls_total += loss_cls.item()
            reg_total += loss_reg.item()
            norms.append(grad_norm.item())
        history.append([cls_total / 2, reg_total / 2])
    with torch.no_grad():
        _, _, weights = model(x[:, :4])
    return {"history": history, "norms": norms, "attention": weights.squeeze(2)}


if __name__ == "__main__":
    print(run())
