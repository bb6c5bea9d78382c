# EMU
import torch
x = None
g = (str(x.device) for _ in range(1))
x = torch.zeros(3)
print("between:", next(g))
x = x.cuda()
print(x.device)
