# source: deipss/BERT4Rec-VAE-Pytorch trainers/utils.py (ranking metrics a trainer computes on each batch)
# verdict: hit; report only: the file has no loop of its own; its metric reads the device scores' number on
# the host every time the caller's validation loop computes it.
import torch


def recall(scores, labels, k):
    top = (-scores).argsort(dim=1)[:, :k]
    hit = labels.gather(1, top)
    cap = torch.clamp(labels.sum(1).float(), max=k)
    return (hit.sum(1).float() / cap).mean().item()  # expect DEV008


def to_list(values):
    return [float(v) for v in values]
