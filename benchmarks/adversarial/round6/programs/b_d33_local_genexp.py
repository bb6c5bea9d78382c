# EMU
import torch
def init():
    g = (str(h.device) for _ in [0])
    h = torch.zeros(2)
    print("between:", next(g))
    h = h.cuda()
    return h
print(init().device)
