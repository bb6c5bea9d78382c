# RUN: autofix
import torch
def report():
    print("between:", globals()["x"].device)
x = torch.zeros(3)
report()
x = x.cuda()
print(x.device)
