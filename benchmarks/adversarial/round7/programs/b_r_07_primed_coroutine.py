# EMU
import torch
import torch.nn as nn
torch.manual_seed(0)
model = nn.Linear(3, 1).cuda()
def stats_logger():
    while True:
        step = yield
        print(f"step {step}: running buffer on {running.device}")
def make_logger():
    gen = stats_logger()
    next(gen)  # prime the coroutine
    return gen
log = make_logger()
running = torch.zeros(3)
log.send(0)
running = running.cuda()
out = model(running)
print(out.device)
