# source: anhaidgroup/deepmatcher deepmatcher/models/utils.py (a range moved and converted by type_as)
# verdict: hit. `type_as` copies the host range to the lengths' device.
import torch


def sequence_mask(lengths, max_len=None):
    batch = lengths.numel()
    max_len = max_len or lengths.max()
    return torch.arange(0, max_len).type_as(lengths).repeat(batch, 1).lt(lengths.unsqueeze(1))  # expect DEV010
