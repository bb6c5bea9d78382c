# EMU
import torch
its = []
its.append(str(x.device) for _ in range(3))
x = torch.zeros(3)
print("between:", next(its[0]))
x = x.cuda()
print(x.device)
