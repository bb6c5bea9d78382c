"""`F.softmax(x)` on inputs whose rank the code does not show: a policy head given whatever the caller
passes (one state, a batch of them, or a sequence of batches). PyTorch picked dim 0 for the 1- and 3-D
inputs and dim 1 for the 2-D one; the fix asks the rank as PyTorch did, so every result stays.
"""

import torch
import torch.nn.functional as F


def policy(scores):
    return F.softmax(scores)


def log_policy(net):
    return F.log_softmax(input=net.logits)


class Head:
    def __init__(self, logits):
        self.logits = logits


def run():
    torch.manual_seed(3)
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    one = torch.randn(4, device=device)
    batch = torch.randn(3, 4, device=device)
    sequence = torch.randn(5, 2, 4, device=device)
    return {
        "one": policy(one),
        "batch": policy(batch),
        "sequence": policy(sequence),
        "log_batch": log_policy(Head(batch)),
        "log_sequence": log_policy(Head(sequence)),
    }
