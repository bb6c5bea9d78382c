# source: makut/N-PEPS cuda.py (legacy types picked by an if/else on the machine)
# verdict: hit on the CUDA aliases (a device in disguise) and on the call through one.
import torch

use_cuda = torch.cuda.is_available()

if use_cuda:
    LongTensor = torch.cuda.LongTensor
    FloatTensor = torch.cuda.FloatTensor
    torch.backends.cudnn.benchmark = True
else:
    LongTensor = torch.LongTensor
    FloatTensor = torch.FloatTensor


def as_rows(rows):
    return torch.as_tensor(rows, dtype=torch.int64, device="cuda" if use_cuda else "cpu")
