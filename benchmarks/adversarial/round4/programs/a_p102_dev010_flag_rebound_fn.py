# RUN: autofix
import torch

use_cuda = False

def enable():
    global use_cuda
    use_cuda = True

h = torch.zeros(2)
enable()
if use_cuda:
    h = h.cuda()
print(h.device)
