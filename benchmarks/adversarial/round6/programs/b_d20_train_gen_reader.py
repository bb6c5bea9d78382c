# EMU
import torch
import torch.nn as nn
torch.manual_seed(0)
model = nn.Linear(4, 2).cuda()
def batches():
    for i in range(2):
        yield torch.ones(3, 4) * i, mask.device
stream = batches()
mask = torch.ones(3, 2)
xb, where = next(stream)
mask = mask.cuda()
out = model(xb.cuda()) * mask
print(where, out.sum().item())
