# EMU
import torch
opts = {"cuda": True}
x = torch.zeros(3)
opts["cuda"] = False
if opts["cuda"]:
    x = x.cuda()
print(x.device)
