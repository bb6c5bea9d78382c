# source: kaituoxu/PyTorch-ASR-AM lstm.py (hidden states zeroed where a sequence restarts)
# verdict: iterating a vector of flags gives 0-dim tensors since 0.4, and `flag.data[0] == 1` raises;
#   the file does not show the flags' rank, so `.item()` is unsafe.
import torch
from torch.autograd import Variable  # expect DEV009


def reset_hidden(hidden, reset_flags):
    hidden = Variable(hidden.data)  # expect DEV009
    for b, flag in enumerate(reset_flags):
        if flag.data[0] == 1:  # expect DEV011
            hidden[:, b, :].data.fill_(0)
    return hidden
