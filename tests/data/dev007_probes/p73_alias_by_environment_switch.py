# source: search excerpt without a repository name (tensor types picked by a `CUDA` environment variable)
# verdict: look-alike: the switch is off unless the user sets it.
import os

import torch

CUDA = bool(os.environ.get("CUDA"))

ftype = torch.cuda.FloatTensor if CUDA else torch.FloatTensor
itype = torch.cuda.LongTensor if CUDA else torch.LongTensor
