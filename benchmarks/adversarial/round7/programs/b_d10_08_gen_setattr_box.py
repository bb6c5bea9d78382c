# EMU
import torch
class Box:
    pass
box = Box()
def watch():
    while True:
        yield str(x.device)
it = watch()
box.it = it
x = torch.zeros(3)
print("between:", next(box.it))
x = x.cuda()
print(x.device)
