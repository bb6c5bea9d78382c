# EMU
import torch
def watch():
    try:
        yield 1
    finally:
        print("closing sees", x.device)
it = watch()
next(it)
x = torch.zeros(3)
it = None
x = x.cuda()
print(x.device)
