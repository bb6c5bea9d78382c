# source: recipe-personalisation utilities (Majumder & Li, EMNLP 2019; the search index gave the file's
#   header, not its repository): a `use_cuda=True` default combined at once with the machine's answer
# verdict: look-alike: the default never sends anything to a missing GPU.
import torch


def get_device(use_cuda=True):
    cuda_available = torch.cuda.is_available()
    use_cuda = use_cuda and cuda_available
    if cuda_available and not use_cuda:
        print("WARNING: You have a CUDA device, so you should probably run with --cuda")
    return torch.device("cuda" if use_cuda else "cpu")
