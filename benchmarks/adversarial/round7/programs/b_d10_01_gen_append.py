# EMU
import torch
its = []
def watch():
    while True:
        yield str(x.device)
its.append(watch())
x = torch.zeros(3)
print("between:", next(its[0]))
x = x.cuda()
print(x.device)
