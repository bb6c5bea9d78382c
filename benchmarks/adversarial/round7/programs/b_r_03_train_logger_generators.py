# EMU
import torch
import torch.nn as nn
torch.manual_seed(0)
model = nn.Linear(3, 1).cuda()
monitors = []
def watch_buffer():
    while True:
        yield f"buffer on {buf.device}, sum {buf.sum().item():.1f}"
monitors.append(watch_buffer())
buf = torch.ones(3)
for m in monitors:
    print("monitor:", next(m))
buf = buf.cuda()
out = model(buf)
print(out.device)
