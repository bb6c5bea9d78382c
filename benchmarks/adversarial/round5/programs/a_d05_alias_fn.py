# RUN: autofix
import torch
def report():
    print("between:", x.device)
r = report
x = torch.zeros(3)
r()
x = x.cuda()
print(x.device)
