# RUN: autofix
import torch
class R:
    def __str__(self):
        return str(x.device)
r = R()
x = torch.zeros(3)
print(r)
x = x.cuda()
print(x.device)
