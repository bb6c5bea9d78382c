# EMU
import torch
flags = [True]
def off():
    flags.pop()
    flags.append(False)
x = torch.zeros(3)
off()
if flags[0]:
    x = x.cuda()
print(x.device)
