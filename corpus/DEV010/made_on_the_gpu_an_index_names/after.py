"""A classifier trained on the GPU a module-level index picks (the first one), with one-hot targets made
on the host and moved there by that index.
"""

import torch
import torch.nn as nn

GPU = 0
FEATURES, CLASSES = 6, 4


def run():
    torch.manual_seed(0)
    use_gpu = torch.cuda.is_available()
    model = nn.Linear(FEATURES, CLASSES)
    x = torch.linspace(-1, 1, 5 * FEATURES, device=torch.device("cuda", GPU) if use_gpu else "cpu").view(5, FEATURES)
    targets = torch.zeros(5, CLASSES)
    if use_gpu:
        model = model.cuda(GPU)
        targets = torch.zeros(5, CLASSES, device=torch.device("cuda", GPU))
    targets[:, 1] = 1.0
    loss = nn.functional.binary_cross_entropy_with_logits(model(x), targets)
    return {"loss": loss}
