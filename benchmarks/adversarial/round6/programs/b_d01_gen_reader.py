# EMU
import torch
def watch():
    while True:
        yield str(x.device)
it = watch()
x = torch.zeros(3)
print("between:", next(it))
x = x.cuda()
print(x.device)
