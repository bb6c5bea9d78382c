"""A detection loss that marks every anchor "ignored" with a tensor of -1 made on the host, moved
to the GPU when there is one, then fills in the anchors it knows.
"""

import torch

ANCHORS, CLASSES = 9, 4


def targets_for(iou, labels):
    targets = torch.ones(ANCHORS, CLASSES) * -1
    if torch.cuda.is_available():
        targets = targets.cuda()
    targets[iou < 0.4, :] = 0
    positive = iou >= 0.5
    targets[positive, :] = 0
    targets[positive, labels[positive]] = 1
    return targets


def run():
    torch.manual_seed(0)
    device = "cuda" if torch.cuda.is_available() else "cpu"
    iou = torch.linspace(0, 1, ANCHORS, device=device)
    labels = torch.arange(ANCHORS, device=device) % CLASSES
    return {"targets": targets_for(iou, labels)}
