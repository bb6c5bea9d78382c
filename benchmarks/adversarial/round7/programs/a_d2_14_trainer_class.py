import numpy as np
import torch
import torch.nn as nn
torch.manual_seed(0)
np.random.seed(0)
class Trainer:
    def __init__(self, net):
        self.net = net
    def to_double(self):
        self.net.double()
model = nn.Linear(4, 2)
Trainer(model).to_double()
x = torch.from_numpy(np.random.randn(3, 4))
print(model(x).dtype)
