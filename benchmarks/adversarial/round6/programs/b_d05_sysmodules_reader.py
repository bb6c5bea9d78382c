# EMU
import sys
import torch
def report():
    print("between:", sys.modules[__name__].x.device)
x = torch.zeros(3)
report()
x = x.cuda()
print(x.device)
