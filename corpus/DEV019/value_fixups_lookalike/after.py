"""Look-alikes of the legacy `x.data.t_()`: changes through `.data` that still reach the tensor
(values, not shape), an out-of-place transpose, and an in-place transpose of the tensor itself.
Nothing here changes.
"""

import torch


def run():
    torch.manual_seed(0)
    w = torch.randn(3, 4, requires_grad=True)
    w.data.mul_(0.5)
    labels = torch.tensor([1, 2, 3])
    labels.data.sub_(1)
    x = torch.randn(4, 2)
    y = x.data.t()
    z = torch.randn(2, 5)
    z.t_()
    return {"w": w.detach(), "labels": labels, "y": y, "z": z}
