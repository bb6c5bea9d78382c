# EMU
import numpy as np
import torch
import torch.nn as nn
torch.manual_seed(0)
class Sampler(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(3, 3)
        self.probs = torch.tensor([0.2, 0.3, 0.5])
    def forward(self, x):
        rng = np.random.default_rng(0)
        k = rng.choice(3, p=self.probs.numpy())
        return self.fc(x)[:, k]
model = Sampler().cuda()
x = torch.ones(2, 3).cuda()
print(model(x).shape, model.probs.device.type)
