# EMU
import torch
import __main__
x = torch.zeros(3)
print("between:", __main__.x.device)
x = x.cuda()
print(x.device)
