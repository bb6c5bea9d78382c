# RUN: autofix
import torch
def report(_):
    return str(x.device)
x = torch.zeros(3)
print(list(map(report, [0])))
x = x.cuda()
print(x.device)
