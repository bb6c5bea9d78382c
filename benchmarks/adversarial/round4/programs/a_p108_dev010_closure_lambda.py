# RUN: autofix
import torch

get = lambda: x.sum().device
x = torch.zeros(3)
d = get()
x = x.cuda()
print(d, x.device)
