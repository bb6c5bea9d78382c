import torch
import torch.nn as nn
torch.manual_seed(0)
model = nn.Linear(4, 2)
crit = nn.MSELoss(reduction="none")
opt = torch.optim.SGD(model.parameters(), lr=0.1)
batch_dims = [1]
for step in range(2):
    x, y = torch.randn(3, 4), torch.randn(3, 2)
    per_sample = crit(model(x), y).mean(*batch_dims)
    loss = per_sample.mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(step, round(loss.item(), 4), round(float(per_sample.data[0]), 4))
