# source: memray/seq2seq-keyphrase-pytorch pykp/dataloader.py and Atcold/pytorch-CortexNet
#   data/VideoFolder.py (both copy the collate function of PyTorch 0.3's DataLoader)
# verdict: under `elif isinstance(batch[0], int):` the batch is a sequence of numbers: data, read so
#   as an unsafe fix (a torch.Size passes the same test); the float branch likewise.
import collections

import torch


def collate_samples(batch, frames_per_step):
    if torch.is_tensor(batch[0]):
        return torch.stack(batch, 0)
    elif isinstance(batch[0], int):
        return torch.as_tensor(batch, dtype=torch.int64).view(-1, frames_per_step)
    elif isinstance(batch[0], float):
        return torch.as_tensor(batch, dtype=torch.float64)
    elif isinstance(batch[0], collections.abc.Sequence):
        return [collate_samples(samples, frames_per_step) for samples in zip(*batch)]
    raise TypeError(type(batch[0]))
