"""An adversarial-training loss: weights and one-hot targets are made on the host with the size of a
batch tensor and moved with `.to(t)`, which takes that tensor's device and dtype.
"""

import torch

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
BATCH, CLASSES = 4, 3


def weighted_loss(logits, target):
    weights = torch.ones(logits.size(0), device=logits.device, dtype=logits.dtype)
    one_hot = torch.zeros(logits.size(), device=logits.device, dtype=logits.dtype)
    one_hot.scatter_(1, target.view(-1, 1), 1.0)
    positions = torch.arange(logits.size(1), device=logits.device).to(logits)
    log_probs = torch.log_softmax(logits, dim=1)
    per_sample = -(one_hot * log_probs).sum(1) * weights
    return per_sample.mean() + 0.0 * positions.sum()


def run():
    torch.manual_seed(0)
    logits = torch.randn(BATCH, CLASSES, device=device)
    target = torch.tensor([0, 2, 1, 1], device=device)
    return {"loss": weighted_loss(logits, target)}
