# EMU
import torch
opts = {"cuda": True}
upd = opts.update
x = torch.zeros(3)
upd(cuda=False)
if opts["cuda"]:
    x = x.cuda()
print(x.device)
