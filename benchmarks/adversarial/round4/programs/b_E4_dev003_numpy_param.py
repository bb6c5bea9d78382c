import numpy as np
import torch
import torch.nn as nn
class M(nn.Module):
    def forward(self, obs):
        t = torch.zeros(obs.shape[0], 2)
        return t + torch.from_numpy(obs).float()
print(M()(np.ones((2, 2))).tolist())
