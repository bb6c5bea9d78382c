# RUN: autofix
import torch
use_cuda = True
class Setup:
    def __init__(self):
        global use_cuda
        use_cuda = False
x = torch.zeros(3)
Setup()
if use_cuda:
    x = x.cuda()
print(x.device)
