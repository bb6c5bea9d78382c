# source: davidmcclure/sentence-ordering sent_order/cuda.py (short names for legacy types, by the machine)
# verdict: hit on the CUDA aliases; nothing in the file calls them.
import torch

if torch.cuda.is_available():
    itype = torch.cuda.LongTensor
    ftype = torch.cuda.FloatTensor
else:
    itype = torch.LongTensor
    ftype = torch.FloatTensor
