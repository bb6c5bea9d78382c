import torch
import torch.nn as nn

torch.manual_seed(0)
nn.init.xavier_uniform_ = lambda w, gain=1.0: w.data.fill_(3.0)
w = torch.empty(2, 2)
nn.init.xavier_uniform(w)
print(w)
