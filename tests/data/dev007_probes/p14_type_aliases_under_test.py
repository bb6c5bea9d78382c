# source: davidmcclure/sentence-ordering (module of tensor types picked once)
# verdict: look-alike.
import torch

if torch.cuda.is_available():
    itype = torch.cuda.LongTensor
    ftype = torch.cuda.FloatTensor

else:
    itype = torch.LongTensor
    ftype = torch.FloatTensor
