# source: PengNi/ccsmeth (deepsmrt/utils/constants_torch.py: tensor types by a flag read from the machine)
# verdict: look-alike: `use_cuda` is the machine's answer, so the CUDA types are picked only with a GPU.
import torch

use_cuda = torch.cuda.is_available()
FloatTensor = torch.cuda.FloatTensor if use_cuda else torch.FloatTensor
LongTensor = torch.cuda.LongTensor if use_cuda else torch.LongTensor
