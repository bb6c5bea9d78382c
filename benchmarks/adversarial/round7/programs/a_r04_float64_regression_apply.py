import numpy as np
import torch
import torch.nn as nn
torch.manual_seed(0)
np.random.seed(0)
X = np.random.randn(64, 3)
Y = X @ np.array([[1.0], [2.0], [-1.0]])
model = nn.Sequential(nn.Linear(3, 16), nn.Tanh(), nn.Linear(16, 1))
model._apply(lambda t: t.to(torch.float64))
opt = torch.optim.LBFGS(model.parameters(), lr=0.5)
xt = torch.from_numpy(X)
yt = torch.from_numpy(Y)
def closure():
    opt.zero_grad()
    loss = ((model(xt) - yt) ** 2).mean()
    loss.backward()
    return loss
for _ in range(3):
    opt.step(closure)
print(model(xt).dtype)
