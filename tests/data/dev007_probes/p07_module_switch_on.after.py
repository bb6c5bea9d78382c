# source: ELISA-IE/name_tagging (a package switch fixed to True picks CUDA tensor types)
# verdict: hit on the switch; the aliases it guards follow it (the field set labels the switch).
import torch

gpu = torch.cuda.is_available()  # expect DEV007

if gpu:
    FloatTensor = torch.cuda.FloatTensor
    LongTensor = torch.cuda.LongTensor
else:
    FloatTensor = torch.FloatTensor
    LongTensor = torch.LongTensor
