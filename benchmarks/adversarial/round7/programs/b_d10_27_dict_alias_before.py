# EMU
import torch
opts = {"cuda": True}
o2 = opts
x = torch.zeros(3)
o2["cuda"] = False
if opts["cuda"]:
    x = x.cuda()
print(x.device)
