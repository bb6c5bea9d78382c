"""An anchor-based detector head that moves its anchors by hand, in `to()` and `cuda()` overrides.

The overrides only run when the head itself is moved. Inside a detector, `detector.to(device)`
moves its children through `nn.Module._apply`, which never calls them, so the anchors stay on the
CPU. As a buffer, the anchors move with any module that contains the head; the overrides are kept
(assigning a tensor to a buffer's name updates the buffer).
"""

import torch
import torch.nn as nn


class AnchorHead(nn.Module):
    def __init__(self, features=6, anchors=4):
        super().__init__()
        self.offsets = nn.Linear(features, anchors * 2)
        self.anchors = torch.linspace(0, 1, anchors * 2).view(anchors, 2)

    def to(self, *args, **kwargs):
        self.anchors = self.anchors.to(*args, **kwargs)
        return super().to(*args, **kwargs)

    def cuda(self, device=None):
        self.anchors = self.anchors.cuda(device)
        return super().cuda(device)

    def forward(self, x):
        return self.anchors + self.offsets(x).view(x.size(0), -1, 2)


class Detector(nn.Module):
    def __init__(self, features=6):
        super().__init__()
        self.backbone = nn.Linear(features, features)
        self.head = AnchorHead(features)

    def forward(self, x):
        return self.head(torch.relu(self.backbone(x)))


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    detector = Detector().to(device)
    boxes = detector(torch.randn(3, 6, device=device))
    boxes.sum().backward()
    return {"boxes": boxes.detach(), "grad": detector.head.offsets.weight.grad}
