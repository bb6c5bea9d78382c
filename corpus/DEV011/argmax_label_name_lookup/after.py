"""A classifier's prediction named through a dict built from the class list: the predicted index is
picked out of `torch.max(output, 1)[1]` by integer and looked up as `names[k]`.

Picked out of a tensor, `k` is a 0-dim tensor since PyTorch 0.4 (a Python int before), and a dict looks
a tensor up by identity: `names[k]` raises KeyError. It becomes `names[k.item()]`; the comparison with
an int keeps working as it is.
"""

import torch
from torch import nn

CLASSES = ["cat", "dog", "bird"]


def predict(model, x):
    names = dict(enumerate(CLASSES))
    pred = torch.max(model(x), 1)[1]
    k = pred[0]
    return names[k.item()], bool(k == 0)


def run():
    torch.manual_seed(0)
    model = nn.Linear(4, 3)
    labels = [predict(model, torch.randn(1, 4)) for _ in range(6)]
    return {
        "name_lengths": torch.tensor([len(name) for name, _ in labels]),
        "is_cat": torch.tensor([cat for _, cat in labels]),
    }


def reference():
    torch.manual_seed(0)
    model = nn.Linear(4, 3)
    labels = []
    for _ in range(6):
        k = model(torch.randn(1, 4)).argmax(1)[0].item()
        labels.append((CLASSES[k], k == 0))
    return {
        "name_lengths": torch.tensor([len(name) for name, _ in labels]),
        "is_cat": torch.tensor([cat for _, cat in labels]),
    }
