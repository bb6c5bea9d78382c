"""The ImageNet example's `accuracy()`: top-k predictions transposed, compared with the targets,
and the first k rows flattened with `.view(-1)`.

Old PyTorch gave `pred.eq(...)` a fresh contiguous layout; today it keeps the transposed one, and
`correct[:k].view(-1)` raises on every device.
"""

import torch


def accuracy(output, target, topk=(1, 2)):
    maxk = max(topk)
    batch_size = target.size(0)
    _, pred = output.topk(maxk, 1, True, True)
    pred = pred.t()
    correct = pred.eq(target.view(1, -1).expand_as(pred))
    res = []
    for k in topk:
        correct_k = correct[:k].reshape(-1).float().sum(0, keepdim=True)
        res.append(correct_k.mul_(100.0 / batch_size))
    return res


def run():
    g = torch.Generator().manual_seed(0)
    output = torch.randn(6, 4, generator=g)
    target = torch.randint(0, 4, (6,), generator=g)
    top1, top2 = accuracy(output, target)
    return {"top1": top1, "top2": top2}


def reference():
    g = torch.Generator().manual_seed(0)
    output = torch.randn(6, 4, generator=g)
    target = torch.randint(0, 4, (6,), generator=g)
    ranked = output.argsort(dim=1, descending=True)
    hits = ranked == target[:, None]
    return {
        "top1": hits[:, :1].any(dim=1).float().sum(0, keepdim=True) * (100.0 / 6),
        "top2": hits[:, :2].any(dim=1).float().sum(0, keepdim=True) * (100.0 / 6),
    }
