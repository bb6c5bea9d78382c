# source: DeepWok/mase (software/machop utils: the torch.cuda module itself chosen by a flag)
# verdict: look-alike.
import torch

use_cuda = torch.cuda.is_available()
print("Using cuda:{}".format(use_cuda))
torch_cuda = torch.cuda if use_cuda else torch
device = torch.device("cuda" if use_cuda else "cpu")


def zeros(*shape):
    return torch_cuda.FloatTensor(*shape).zero_()
