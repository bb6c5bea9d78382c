# EMU
import torch
import torch.nn as nn
torch.manual_seed(0)
use_cuda = torch.cuda.is_available()
rnn = nn.GRU(3, 4)
def schedule():
    global use_cuda
    for epoch in range(2):
        if epoch == 1:
            use_cuda = False
        yield epoch
sched = schedule()
next(sched)
hidden = torch.zeros(1, 1, 4)
epoch = next(sched)
if use_cuda:
    hidden = hidden.cuda()
    rnn = rnn.cuda()
out, h = rnn(torch.ones(2, 1, 3, device=hidden.device), hidden)
print(epoch, hidden.device, round(out.sum().item(), 4))
