# EMU
import functools
import torch
state = {"cuda": True}
def setf(d, k, v):
    d[k] = v
off = functools.partial(setf, state, "cuda", False)
x = torch.zeros(3)
off()
if state["cuda"]:
    x = x.cuda()
print(x.device)
