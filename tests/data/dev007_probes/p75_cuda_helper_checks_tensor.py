# source: dmlc/dgl (examples/pytorch/recommendation/rec/utils.py: a `cuda(x)` helper)
# verdict: look-alike: the move runs only when the machine has CUDA, and skips tensors already there.
import torch


def cuda(x):
    if torch.cuda.is_available():
        return x.cuda() if (not torch.is_tensor(x) or not x.is_cuda) else x
    return x
