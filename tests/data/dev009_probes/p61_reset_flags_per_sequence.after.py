# source: kaituoxu/PyTorch-ASR-AM lstm.py (hidden states zeroed where a sequence restarts)
# verdict: iterating a vector of flags gives 0-dim tensors since 0.4, and `flag.data[0] == 1` raises;
#   the file does not show the flags' rank, so `.item()` is unsafe.
import torch


def reset_hidden(hidden, reset_flags):
    hidden = hidden.data
    for b, flag in enumerate(reset_flags):
        if flag.item() == 1:
            hidden[:, b, :].data.fill_(0)
    return hidden
