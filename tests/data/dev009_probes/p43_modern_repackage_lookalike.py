# source: akurniawan/pytorch-transformer-lm models/utils.py (the helper as PyTorch 0.4 rewrote it)
# verdict: look-alike: a type test against torch.Tensor and detach() are today's API.
import torch


def repackage_hidden(h):
    if isinstance(h, torch.Tensor):
        return h.detach()
    else:
        return tuple(repackage_hidden(_h) for _h in h)
