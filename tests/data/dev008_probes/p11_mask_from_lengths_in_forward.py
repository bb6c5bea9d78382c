# source: johanDDC/fastspeech2 src/model/utils/utils.py (a mask helper reads the longest length, called by forward)
# verdict: hit; report only: the length sizes the mask on the host.
import torch
import torch.nn as nn


def get_mask_from_lengths(lengths, max_len=None):
    batch_size = lengths.shape[0]
    if max_len is None:
        max_len = torch.max(lengths).item()  # expect DEV008
    ids = torch.arange(0, max_len, device=lengths.device).unsqueeze(0).expand(batch_size, -1)
    return ids >= lengths.unsqueeze(1).expand(-1, max_len)


class VarianceAdaptor(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, x, durations):
        mel_lengths = durations.sum(dim=1)
        mask = get_mask_from_lengths(mel_lengths)
        return self.proj(x), mask
