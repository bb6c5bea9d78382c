# EMU
import torch
torch.manual_seed(0)
seen = []
def sampler():
    for i in range(3):
        seen.append(str(buf.device))
        yield i
buf = None
g = sampler()
for step in range(2):
    buf = torch.zeros(2)
    next(g)
    buf = buf.cuda()
print(seen, buf.device)
