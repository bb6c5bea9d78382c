# source: makut/N-PEPS cuda.py (legacy types picked by an if/else on the machine)
# verdict: hit on the CUDA aliases (a device in disguise) and on the call through one.
import torch

use_cuda = torch.cuda.is_available()

if use_cuda:
    LongTensor = torch.cuda.LongTensor  # expect DEV009
    FloatTensor = torch.cuda.FloatTensor  # expect DEV009
    torch.backends.cudnn.benchmark = True
else:
    LongTensor = torch.LongTensor
    FloatTensor = torch.FloatTensor


def as_rows(rows):
    return LongTensor(rows)  # expect DEV009
