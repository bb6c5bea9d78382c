# source: mlciv/sgd utils/torch_ext.py (a range made on the device the caller names)
# verdict: look-alike: made with device=.
import torch


def sequence_mask(lengths, maxlen, device, dtype=torch.bool):
    if maxlen is None:
        maxlen = lengths.max()
    row = torch.arange(0, maxlen, 1, device=device)
    return row < torch.unsqueeze(lengths, dim=-1)
