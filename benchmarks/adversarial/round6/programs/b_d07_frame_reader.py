# EMU
import sys
import torch
def report():
    print("between:", sys._getframe(1).f_locals["x"].device)
x = torch.zeros(3)
report()
x = x.cuda()
print(x.device)
