# RUN: autofix
import torch
import functools
def report(tag):
    print(tag, x.device)
x = torch.zeros(3)
functools.partial(report, "between:")()
x = x.cuda()
print(x.device)
